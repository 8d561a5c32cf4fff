import { REFERRAL_STORAGE_KEY } from '@visualnotes/contracts';

/**
 * A referral code survives from `/refer/{code}` through registration: it is kept in localStorage
 * and the registration form sends it as `referral_code` (then calls `clearReferralCode`).
 */
export function keepReferralCode(code: string): void {
  const clean = code.trim().slice(0, 32);
  if (!/^[A-Za-z0-9_-]+$/.test(clean)) return;
  try {
    localStorage.setItem(REFERRAL_STORAGE_KEY, clean);
  } catch {
    // storage unavailable (private mode): the code is simply not kept
  }
}

export function storedReferralCode(): string | undefined {
  try {
    return localStorage.getItem(REFERRAL_STORAGE_KEY) ?? undefined;
  } catch {
    return undefined;
  }
}

export function clearReferralCode(): void {
  try {
    localStorage.removeItem(REFERRAL_STORAGE_KEY);
  } catch {
    // nothing kept
  }
}

/** Spec §3: the device fingerprint is kept in localStorage under `fingerprint`; a timestamp if none can be made. */
export function deviceFingerprint(): string {
  try {
    let fp = localStorage.getItem('fingerprint');
    if (!fp) {
      fp = globalThis.crypto?.randomUUID?.() ?? String(Date.now());
      localStorage.setItem('fingerprint', fp);
    }
    return fp;
  } catch {
    return String(Date.now());
  }
}
