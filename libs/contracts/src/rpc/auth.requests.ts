import { z } from 'zod';
import type { RequestSchemas } from './common';
import type { AuthRpc } from './auth';
import { callerId, empty, idOf, isString, raising } from '../primitives';
import {
  activateSchema,
  changeEmailSchema,
  confirmEmailSchema,
  deleteAccountSchema,
  devScopeSchema,
  forgotPasswordSchema,
  loginSchema,
  logoutAllSchema,
  refreshSchema,
  registerSchema,
  resendActivationSchema,
  resetPasswordSchema,
  securityCodeSchema,
  updateProfileSchema,
} from '../dto/auth';

const client = z.object({ ip: z.string().max(100), user_agent: z.string().max(4096).optional() });
const me = { user_id: callerId, session_id: z.string().max(100).optional() };
const googleText = raising((v): v is string => isString(v) && v.length > 0 && v.length <= 320, 'GOOGLE_LOGIN_FAILED');

/** Request schemas of the auth service, checked by the transport before a handler runs. */
export const AuthRequests: RequestSchemas<AuthRpc> = {
  'auth.health': empty,
  'auth.dev.outbox': z.object({ to: z.string().max(254).optional() }),
  'auth.dev.setScope': devScopeSchema,
  'auth.keys': empty,
  'auth.register': registerSchema,
  'auth.activate': activateSchema,
  'auth.activation.resend': resendActivationSchema,
  'auth.login': loginSchema.extend({ client }),
  'auth.login.securityCode': securityCodeSchema.extend({ client }),
  'auth.refresh': refreshSchema,
  'auth.user': z.object(me),
  'auth.logout': z.object({ ...me, session_id: z.string().max(100) }),
  'auth.logoutAll': z.object({ ...me, ...logoutAllSchema.shape }),
  'auth.profile.update': z.object({ ...me, ...updateProfileSchema.shape }),
  'auth.email.change': z.object({ ...me, ...changeEmailSchema.shape }),
  'auth.email.confirm': confirmEmailSchema,
  'auth.password.forgot': forgotPasswordSchema,
  'auth.password.reset': resetPasswordSchema,
  'auth.account.delete': z.object({ ...me, ...deleteAccountSchema.shape }),
  'auth.google.signIn': z.object({
    google_id: googleText,
    email: googleText.transform((e) => e.trim().toLowerCase()),
    email_verified: z.boolean(),
    name: z.string().max(1000).catch(''),
    client,
  }),
  'auth.referral.get': z.object({ user_id: idOf('NOT_FOUND') }),
  // Any text is asked about: one that is not a code is simply not valid.
  'auth.referral.check': z.object({ code: z.string().max(1000) }),
  // `inviter_id`: the owner sharing a project; each look-up counts against their invitations (INVITATIONS_MAX)
  'auth.users.byEmail': z.object({ email: z.string().trim().toLowerCase().max(254), inviter_id: idOf('NOT_FOUND') }),
  'auth.mail.projectInvitation': z.object({
    email: z.string().trim().toLowerCase().max(254),
    project_id: z.string().max(100),
    project_title: z.string().max(500),
    inviter_name: z.string().max(500),
    role: z.enum(['editor', 'viewer']),
  }),
};
