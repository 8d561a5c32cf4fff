import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const licenseEnvSchema = baseEnvSchema.extend({
  /** Usage allowances: visitors in total per fingerprint, free accounts per calendar month (UTC). */
  VISITOR_VIDEO_SUMMARIES: int(0, 1_000_000, 3),
  VISITOR_DOCUMENT_SUMMARIES: int(0, 1_000_000, 0),
  FREE_VIDEO_SUMMARIES_PER_MONTH: int(0, 1_000_000, 10),
  FREE_DOCUMENT_SUMMARIES_PER_MONTH: int(0, 1_000_000, 5),
  /** Invited friends who must activate their account before the inviter is unlocked. */
  REFERRAL_FRIENDS_NEEDED: int(1, 1000, 1),
  /** How long an entitlement answer may be reused; 0 turns the cache off. */
  ENTITLEMENTS_CACHE_S: int(0, 3600, 30),
  /** Failed key (and deal code) look-ups allowed per account, and per address, in the window before 429. */
  KEY_GUESS_MAX: int(1, 100_000, 10),
  KEY_GUESS_MAX_PER_IP: int(1, 1_000_000, 50),
  KEY_GUESS_WINDOW_S: int(10, 86_400, 900),
  /**
   * How long an activation token works offline (at most until the license ends). The desktop app
   * renews it by activating again, which takes no new slot; a removed device cannot renew.
   */
  ACTIVATION_TOKEN_TTL_S: int(3600, 366 * 86_400, 14 * 86_400),
  /** A license's devices can be removed as many times as it has slots in this window (30 days). */
  DEVICE_REMOVALS_WINDOW_S: int(60, 366 * 86_400, 30 * 86_400),
  /** Ed25519 private key (PKCS#8 PEM) that signs activation tokens; unset: one is generated and kept in the database. */
  LICENSE_SIGNING_KEY: z.string().min(1).optional(),
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Only for a local stand-in of the Stripe API (tests): e.g. http://127.0.0.1:12111 */
  STRIPE_API_URL: z.url().optional(),
});
export type LicenseConfig = z.infer<typeof licenseEnvSchema>;
