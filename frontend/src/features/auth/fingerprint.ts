import { FINGERPRINT_KEY, read, write } from './storage';

async function compute(): Promise<string> {
  const n = globalThis.navigator;
  const s = globalThis.screen;
  const parts = [
    n?.userAgent,
    n?.language,
    n?.hardwareConcurrency,
    s?.width,
    s?.height,
    s?.colorDepth,
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    // a random part keeps two identical machines apart; it is stored, so it is stable here
    crypto.getRandomValues(new Uint32Array(2)).join('-'),
  ].join('|');
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(parts));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The device fingerprint kept in localStorage `fingerprint`; a timestamp if computing it fails. */
export async function deviceFingerprint(): Promise<string> {
  const known = read(FINGERPRINT_KEY);
  if (known) return known;
  let value: string;
  try {
    value = await compute();
  } catch {
    value = String(Date.now());
  }
  write(FINGERPRINT_KEY, value);
  return value;
}
