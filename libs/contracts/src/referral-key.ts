// Without zod: the referral link is read on every page.

/** The key under which the front end keeps a referral code until registration. */
export const REFERRAL_STORAGE_KEY = 'referral_code';

/** What a referral code can look like (accounts get 8 URL-safe characters); anything else is no code. */
export function isReferralCode(code: string | undefined | null): code is string {
  return typeof code === 'string' && /^[A-Za-z0-9_-]{1,32}$/.test(code);
}
