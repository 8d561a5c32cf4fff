import type { HealthReply } from './common';
import type {
  ActivationView,
  Billing,
  CheckoutBody,
  DesktopTier,
  EntitlementsView,
  LicensePlan,
  LicenseView,
  PlansView,
  Product,
  PublicKeyView,
  ReferralView,
} from '../dto/license';

/** What an account may do; asked by the other services (license service owns plans and licenses). */
export interface Entitlements {
  premium: boolean;
  publisher: boolean;
  desktop_pro: boolean;
  unlimited_videos: boolean;
  unlimited_summaries: boolean;
}

export type UsageKind = 'video_summary' | 'document_summary';

export interface UsageConsumeRequest {
  /** A signed-in user, or a visitor key (e.g. `visitor:<fingerprint hash>`) when there is no account. */
  subject: string;
  kind: UsageKind;
  /** Whether `subject` is a visitor (visitor limits apply). */
  visitor?: boolean;
}
export interface UsageConsumeReply {
  allowed: boolean;
  used: number;
  /** null when unlimited. */
  limit: number | null;
}

/** RPC patterns answered by the license service. */
export const LicensePatterns = {
  health: 'license.health',
  entitlements: 'license.entitlements.get',
  usageConsume: 'license.usage.consume',
  usageRefund: 'license.usage.refund',
  plans: 'license.plans',
  view: 'license.entitlements.view',
  list: 'license.licenses.list',
  activate: 'license.activate',
  publicKey: 'license.publicKey',
  removeDevice: 'license.devices.remove',
  addUser: 'license.users.add',
  removeUser: 'license.users.remove',
  unsubscribe: 'license.unsubscribe',
  resume: 'license.resume',
  checkout: 'license.checkout',
  stripeWebhook: 'license.stripe.webhook',
  redeem: 'license.appsumo.redeem',
  referral: 'license.referral.get',
  issue: 'license.operator.issue',
  importCodes: 'license.operator.importCodes',
} as const;

/** The signed-in user a gateway call is made for. */
export interface LicenseCaller {
  user_id: string;
  email: string;
  scope?: unknown;
  /** Client address, for throttling key guesses. */
  ip?: string;
}

export interface LicenseRpc {
  'license.health': { req: Record<string, never>; res: HealthReply };
  /** `scope` is the caller's token scope, used for operator grants. */
  'license.entitlements.get': { req: { userId: string; scope?: unknown; email?: string }; res: Entitlements };
  /** Counts one use atomically; `allowed: false` (and nothing counted) when the limit is reached. */
  'license.usage.consume': { req: UsageConsumeRequest; res: UsageConsumeReply };
  /** Gives back one use counted at `used_at` (of an account: its month), for work that never gave the user anything. */
  'license.usage.refund': { req: { subject: string; kind: UsageKind; used_at: string }; res: { used: number } };
  'license.plans': { req: Record<string, never>; res: PlansView };
  'license.entitlements.view': { req: LicenseCaller; res: EntitlementsView };
  'license.licenses.list': { req: LicenseCaller; res: LicenseView[] };
  'license.activate': {
    req: LicenseCaller & { key: string; fingerprint: string; device: { name: string; os: string } };
    res: ActivationView;
  };
  'license.publicKey': { req: Record<string, never>; res: PublicKeyView };
  'license.devices.remove': { req: LicenseCaller & { license_id: string; device_id: string }; res: LicenseView };
  'license.users.add': { req: LicenseCaller & { license_id: string; user_email: string }; res: LicenseView };
  'license.users.remove': { req: LicenseCaller & { license_id: string; user_email: string }; res: LicenseView };
  'license.unsubscribe': { req: LicenseCaller & { license_id: string }; res: LicenseView };
  'license.resume': { req: LicenseCaller & { license_id: string; billing: Billing }; res: LicenseView };
  /** Stripe Checkout; 503 when Stripe is not configured. */
  'license.checkout': { req: LicenseCaller & CheckoutBody; res: { url: string } };
  /** `payload` is the raw request body exactly as received (the signature covers its bytes). */
  'license.stripe.webhook': { req: { payload: string; signature: string }; res: { received: true; duplicate: boolean } };
  'license.appsumo.redeem': { req: LicenseCaller & { code: string }; res: LicenseView };
  'license.referral.get': { req: { user_id: string }; res: ReferralView };
  /** Operators (command line): a license for an e-mail address without payment. */
  'license.operator.issue': {
    req: { email: string; product?: Product; tier?: DesktopTier; plan: LicensePlan; name?: string };
    res: LicenseView;
  };
  /** Operators: deal-site codes, each redeemable once for a lifetime license of `tier`. */
  'license.operator.importCodes': { req: { codes: string[]; tier?: DesktopTier; product?: Product }; res: { imported: number; skipped: number } };
}
