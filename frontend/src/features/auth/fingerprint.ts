import { FINGERPRINT_KEY, read, write } from './storage';

/**
 * The device fingerprint (licences count devices by it; a login from a new one asks for a security
 * code): a random id made once and kept in localStorage under `fingerprint`. A random id rather
 * than a digest of the browser's traits, which two identical machines share. Without storage, a
 * timestamp: such a browser counts as a new device each time.
 */
export function deviceFingerprint(): string {
  const known = read(FINGERPRINT_KEY);
  if (known) return known;
  const value = globalThis.crypto?.randomUUID?.() ?? String(Date.now());
  write(FINGERPRINT_KEY, value);
  return value;
}
