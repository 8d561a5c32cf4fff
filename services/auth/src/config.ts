import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const authEnvSchema = baseEnvSchema.extend({
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default('no-reply@localhost'),
  /** Argon2id cost; OWASP's minimum is m = 19 MiB, t = 2, p = 1. */
  ARGON2_MEMORY_KIB: int(19_456, 1_048_576, 19_456),
  ARGON2_TIME_COST: int(2, 20, 2),
  ACCESS_TOKEN_TTL_S: int(30, 3600, 900),
  /**
   * A refresh token already exchanged is accepted again for this long (two tabs refreshing at
   * once keep the session); presented later, it revokes the session.
   */
  REFRESH_GRACE_S: int(0, 120, 20),
  /** A session ends this long after login, whatever the refreshes. */
  SESSION_MAX_AGE_DAYS: int(1, 365, 30),
  /** Login throttling window and limits (failures per window). */
  LOGIN_WINDOW_S: int(10, 86_400, 900),
  LOGIN_MAX_PER_ACCOUNT_IP: int(1, 1000, 5),
  LOGIN_MAX_PER_IP: int(1, 100_000, 30),
  /** Failures on one account from all addresses after which every login needs the e-mailed code. */
  LOGIN_ACCOUNT_ALERT: int(1, 100_000, 10),
  /** New-device security codes one account may be sent per window (each is a mail and 5 guesses); beyond: 429. */
  NEW_DEVICE_CODES_MAX: int(1, 1000, 5),
  NEW_DEVICE_CODES_WINDOW_S: int(60, 86_400, 900),
  /** E-mail change requests (each mails the new address) one account may make per window; beyond: 429. */
  EMAIL_CHANGE_MAX: int(1, 1000, 3),
  EMAIL_CHANGE_WINDOW_S: int(60, 7 * 86_400, 3600),
  /** People one account may invite to its projects per window (each invitation can mail an address). */
  INVITATIONS_MAX: int(1, 100_000, 50),
  INVITATIONS_WINDOW_S: int(60, 7 * 86_400, 86_400),
});
export type AuthConfig = z.infer<typeof authEnvSchema>;
