// Without zod: the referral link is read on every page.

/** The key under which the front end keeps a referral code until registration. */
export const REFERRAL_STORAGE_KEY = 'referral_code';
