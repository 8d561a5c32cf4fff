import { REFERRAL_STORAGE_KEY, isReferralCode } from '@visualnotes/contracts';
import { readStored, writeStored } from '../../app/browser-storage';

/**
 * A referral code survives from `/refer/{code}` through registration: it is kept in localStorage
 * and the registration form sends it as `referral_code` (then calls `clearReferralCode`). Without
 * storage (private mode) it is simply not kept.
 */
export function keepReferralCode(code: string): void {
  const clean = code.trim();
  if (isReferralCode(clean)) writeStored('local', REFERRAL_STORAGE_KEY, clean);
}

export function storedReferralCode(): string | undefined {
  return readStored('local', REFERRAL_STORAGE_KEY) ?? undefined;
}

export function clearReferralCode(): void {
  writeStored('local', REFERRAL_STORAGE_KEY, null);
}
