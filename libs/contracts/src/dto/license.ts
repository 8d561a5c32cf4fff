import { z } from 'zod';
import { Messages } from '../messages';
import { email } from '../primitives';
import type { Entitlements } from '../rpc/license';

export type { Entitlements, UsageKind, UsageConsumeRequest, UsageConsumeReply } from '../rpc/license';

/**
 * Licenses and plans: request bodies (zod, browser-safe) and the shapes the
 * routes answer with.
 */

export const LICENSE_KEY_LENGTH = 16;
export const BILLINGS = ['monthly', 'yearly'] as const;
export const LICENSE_PLANS = ['monthly', 'yearly', 'lifetime'] as const;
export const DESKTOP_TIERS = ['pro', 'pro_plus', 'pro_max'] as const;
export const PRODUCTS = ['premium', 'publisher', 'desktop'] as const;
export type Billing = (typeof BILLINGS)[number];
export type LicensePlan = (typeof LICENSE_PLANS)[number];
export type DesktopTier = (typeof DESKTOP_TIERS)[number];
export type Product = (typeof PRODUCTS)[number];

export const LicenseStatus = {
  active: 'Active',
  canceled: 'Active (Subscription canceled)',
} as const;
export type LicenseStatusText = (typeof LicenseStatus)[keyof typeof LicenseStatus];

/** Luhn check digit over the digits given (the key's last digit is the check digit of the first 15). */
export function luhnCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48;
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** Spaces and dashes are allowed when typing a key ("1234 5678 ..."); they are not part of it. */
export function normalizeLicenseKey(input: string): string {
  return input.replace(/[\s-]/g, '');
}

/** 16 digits whose last one is the Luhn check digit of the first 15. */
export function isWellFormedLicenseKey(input: string): boolean {
  const key = normalizeLicenseKey(input);
  return /^\d{16}$/.test(key) && luhnCheckDigit(key.slice(0, 15)) === Number(key[15]);
}

export const licenseKeySchema = z
  .string({ error: Messages.licenseNotFound })
  .min(1, Messages.licenseKeyRequired)
  .max(40, Messages.licenseNotFound)
  .refine(isWellFormedLicenseKey, Messages.licenseNotFound)
  .transform(normalizeLicenseKey);

export const fingerprintSchema = z.string({ error: 'A device fingerprint is required' }).trim().min(1, 'A device fingerprint is required').max(200);

export const activateLicenseSchema = z.object({
  key: licenseKeySchema,
  fingerprint: fingerprintSchema,
  device: z
    .object({
      name: z.string().trim().max(100, 'A device name has at most 100 characters').default(''),
      os: z.string().trim().max(100).default(''),
    })
    .default({ name: '', os: '' }),
});
export type ActivateLicenseBody = z.input<typeof activateLicenseSchema>;

const LICENSE_USER_EMAIL_REQUIRED = Messages.licenseUserEmailRequired;
export const licenseUserSchema = z.object({
  email: z.string({ error: LICENSE_USER_EMAIL_REQUIRED }).trim().min(1, LICENSE_USER_EMAIL_REQUIRED).pipe(email),
});
export type LicenseUserBody = z.input<typeof licenseUserSchema>;

export const resumeLicenseSchema = z.object({ billing: z.enum(BILLINGS) });
export type ResumeLicenseBody = z.infer<typeof resumeLicenseSchema>;

export const checkoutSchema = z.object({
  product: z.enum(PRODUCTS),
  tier: z.enum(DESKTOP_TIERS).optional(),
  billing: z.enum(LICENSE_PLANS),
});
export type CheckoutBody = z.infer<typeof checkoutSchema>;

const REDEEM_CODE_INVALID = Messages.redeemCodeInvalid;
export const redeemCodeSchema = z.object({
  code: z
    .string({ error: REDEEM_CODE_INVALID })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z0-9-]{6,64}$/, REDEEM_CODE_INVALID),
});
export type RedeemCodeBody = z.input<typeof redeemCodeSchema>;

// ---- answers ----

export interface LicenseDeviceView {
  id: string;
  name: string;
  os: string;
  fingerprint: string;
  activated_at: string;
  /** Whether the caller may remove it: the license's owner, or the user who activated it. */
  removable: boolean;
}

export interface LicenseView {
  id: string;
  name: string;
  key: string;
  product: Product;
  status: LicenseStatusText;
  plan: LicensePlan;
  tier: DesktopTier;
  max_devices: number;
  valid_from: string;
  /** null for a lifetime license. */
  valid_until: string | null;
  expired: boolean;
  /** Whether the caller owns it (owners manage users; added users only see it and use it). */
  owner: boolean;
  owner_email: string;
  devices: LicenseDeviceView[];
  users: { email: string }[];
}

export interface ActivationView {
  license: LicenseView;
  device: LicenseDeviceView;
  /** Compact JWS (EdDSA / Ed25519), verifiable with `GET /api/licenses/public-key`. */
  activation_token: string;
}

export interface ActivationClaims {
  iss: string;
  sub: string;
  license_id: string;
  fingerprint: string;
  device_id: string;
  product: Product;
  tier: DesktopTier;
  plan: LicensePlan;
  max_devices: number;
  valid_until: string | null;
  iat: number;
  exp?: number;
}

export interface PublicKeyView {
  kid: string;
  alg: 'EdDSA';
  jwk: { kty: 'OKP'; crv: 'Ed25519'; x: string; kid: string; alg: 'EdDSA'; use: 'sig' };
  pem: string;
}

export interface PlanPrice {
  /** In `currency`, e.g. 9.99. */
  amount: number;
  /** Before the early bird discount, when it applies. */
  regular?: number;
}

export interface TierView {
  id: DesktopTier;
  name: string;
  max_devices: number;
  prices: Partial<Record<LicensePlan, PlanPrice>>;
}

export interface PlanView {
  id: 'free' | Product;
  name: string;
  description: string;
  features: string[];
  /** Absent for Free. For Desktop Pro, see `tiers`. */
  prices?: Partial<Record<LicensePlan, PlanPrice>>;
  tiers?: TierView[];
}

export interface PlansView {
  currency: string;
  money_back_days: number;
  early_bird: { active: boolean; percent: number; label: string; ends_at: string | null };
  plans: PlanView[];
  /** Whether buying online is possible on this installation (Stripe configured). */
  checkout: boolean;
}

export interface UsageView {
  video_summaries: number;
  document_summaries: number;
}
export interface LimitsView {
  /** null: unlimited. */
  video_summaries: number | null;
  document_summaries: number | null;
  period: 'month';
  referral_friends_needed: number;
}

export interface EntitlementsView extends Entitlements {
  plans: ('free' | Product)[];
  usage: UsageView;
  limits: LimitsView;
}

export interface ReferralView {
  code: string;
  link: string;
  invited: number;
  /** Invited friends who activated their account. */
  activated: number;
  needed: number;
  unlocked: boolean;
}

export { REFERRAL_STORAGE_KEY, isReferralCode } from '../referral-key';
