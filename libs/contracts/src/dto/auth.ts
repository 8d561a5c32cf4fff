import { z } from 'zod';
import { Messages } from '../messages';
import { PASSWORD_MAX, PASSWORD_MIN } from '../password-rules';
import { email } from '../primitives';

/**
 * Request bodies of the Accounts routes. Browser-safe: zod only, so the front end
 * validates with the same rules and messages.
 */
export { PASSWORD_MAX, PASSWORD_MIN, passwordProblemShort, SECURITY_CODE_LENGTH } from '../password-rules';

export const emailSchema = email;

/** Spec §5: at least 8 characters, at least one letter and one number. */
export const passwordSchema = z
  .string({ error: Messages.passwordTooShort })
  .min(PASSWORD_MIN, Messages.passwordTooShort)
  .max(PASSWORD_MAX, 'Password cannot be longer than 256 characters')
  .refine((p) => /\p{L}/u.test(p) && /\p{N}/u.test(p), Messages.passwordTooSimple);

/** A password typed to prove identity (login, logout-all...): no strength rule, only a sane size. */
const givenPassword = z.string({ error: Messages.passwordIncorrect }).min(1, Messages.passwordIncorrect).max(PASSWORD_MAX, Messages.passwordIncorrect);

export const nameSchema = z
  .string({ error: 'Please enter your name' })
  .trim()
  .min(1, 'Please enter your name')
  .max(100, 'The name cannot be longer than 100 characters')
  // eslint-disable-next-line no-control-regex -- control characters are what this refuses
  .refine((n) => !/[\u0000-\u001f\u007f<>]/.test(n), 'The name contains characters that are not allowed');

export const localeSchema = z.enum(['en', 'zh-CN']);
// A link's token: any malformed value gets the link's sentence, never a validator's words.
const token = z
  .string({ error: Messages.linkInvalid })
  .min(10, Messages.linkInvalid)
  .max(200, Messages.linkInvalid)
  .regex(/^[A-Za-z0-9_.-]+$/, Messages.linkInvalid);

export const registerSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: passwordSchema,
  referral_code: z
    .string()
    .trim()
    .max(64)
    .regex(/^[A-Za-z0-9_-]*$/)
    .optional(),
  locale: localeSchema.optional(),
});
export const activateSchema = z.object({ token });
export const resendActivationSchema = z.object({ email: emailSchema });
export const loginSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, Messages.loginFailed).max(254, Messages.loginFailed),
  password: z.string().min(1, Messages.loginFailed).max(PASSWORD_MAX, Messages.loginFailed),
  fingerprint: z.string().trim().min(1).max(200).default('unknown'),
});
export const securityCodeSchema = z.object({
  challenge: z
    .string()
    .min(10)
    .max(200)
    .regex(/^[A-Za-z0-9_.-]+$/, Messages.securityCodeExpired),
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The security code has 6 digits'),
});
export const refreshSchema = z.object({ refresh_token: z.string().min(10).max(300) });
export const logoutAllSchema = z.object({ password: givenPassword });
export const forgotPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({ token, password: passwordSchema });
export const updateProfileSchema = z.object({ name: nameSchema, locale: localeSchema.optional() });
export const changeEmailSchema = z.object({ email: emailSchema, password: givenPassword });
export const confirmEmailSchema = z.object({ token });
export const deleteAccountSchema = z.object({ email: z.string().trim().toLowerCase().max(254), password: givenPassword });
/** Development and test only: sets a user's scope (operators use the auth service's CLI). */
export const devScopeSchema = z.object({
  email: emailSchema,
  scope: z.union([z.array(z.string().max(64)).max(32), z.record(z.string().max(64), z.boolean())]),
});

export type RegisterBody = z.infer<typeof registerSchema>;
export type LoginBody = z.infer<typeof loginSchema>;
export type SecurityCodeBody = z.infer<typeof securityCodeSchema>;

/** The user object of `GET /api/auth/user` and of login answers. */
export interface PublicUser {
  id: string;
  name: string;
  email: string;
  scope: string[] | Record<string, boolean>;
  plan: string | null;
  locale: 'en' | 'zh-CN';
  created_at: string;
}

export interface TokenPair {
  token: string;
  refresh_token: string;
  /** Seconds until `token` expires. */
  expires_in: number;
}
export interface LoginSuccess extends TokenPair {
  user: PublicUser;
}
export interface SecurityCodeRequired {
  security_code_required: true;
  challenge: string;
}
export type LoginAnswer = LoginSuccess | SecurityCodeRequired;

/** Claims of the access token (EdDSA JWT) that the gateway verifies locally. */
export interface AccessClaims {
  sub: string;
  email: string;
  name: string;
  scope: string[] | Record<string, boolean>;
  plan?: string | null;
  sid: string;
  locale?: 'en' | 'zh-CN';
  /** ISO time the account was created: lets the gateway answer `GET /api/auth/user` from the token alone. */
  created_at?: string;
  /** Issued at (seconds since 1970), set by the signer. */
  iat?: number;
}

export { isSafeRedirectPath } from '../redirect-path';
