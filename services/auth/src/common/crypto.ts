import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, URL-safe: links, refresh tokens, login challenges. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** High-entropy tokens are stored as their SHA-256 (hex); a leaked table gives nothing usable. */
export function sha256(value: string): string {
  return createHash('sha256').update(value, 'utf8').digest('hex');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The AES-256 key of `sealWith`: a hash of the secret under its own label, so the stored SHA-256 of a token does not give it. */
function sealKey(secret: string): Buffer {
  return createHash('sha256').update(`visualnotes-seal:${secret}`, 'utf8').digest();
}

/**
 * Encrypts `value` (AES-256-GCM) so that only a holder of `secret` reads it back: a refresh token's
 * successor is stored this way, readable by whoever presents that refresh token again.
 */
export function sealWith(secret: string, value: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealKey(secret), iv);
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url');
}

/** What `sealWith(secret, …)` sealed, or null when it was sealed with another secret or altered. */
export function openWith(secret: string, sealed: string): string | null {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length < 29) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  } catch {
    return null;
  }
}
