import type { JWK } from '../jwk';
import type { HealthReply } from './common';
import type { LoginAnswer, LoginSuccess, PublicUser, TokenPair } from '../dto/auth';

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  sent_at: string;
}

/** RPC patterns answered by the auth service. */
export const AuthPatterns = {
  health: 'auth.health',
  devOutbox: 'auth.dev.outbox',
  devSetScope: 'auth.dev.setScope',
  keys: 'auth.keys',
  register: 'auth.register',
  activate: 'auth.activate',
  resendActivation: 'auth.activation.resend',
  login: 'auth.login',
  loginSecurityCode: 'auth.login.securityCode',
  refresh: 'auth.refresh',
  user: 'auth.user',
  logout: 'auth.logout',
  logoutAll: 'auth.logoutAll',
  updateProfile: 'auth.profile.update',
  changeEmail: 'auth.email.change',
  confirmEmail: 'auth.email.confirm',
  forgotPassword: 'auth.password.forgot',
  resetPassword: 'auth.password.reset',
  deleteAccount: 'auth.account.delete',
  googleSignIn: 'auth.google.signIn',
  referral: 'auth.referral.get',
  /** Whether a referral code from an invitation link is an account's code. */
  referralCheck: 'auth.referral.check',
  /** An account by its e-mail address (e.g. to add someone to a project), or null. */
  userByEmail: 'auth.users.byEmail',
  /** Mails an invitation to a shared project (through the durable mail queue). */
  projectInvitation: 'auth.mail.projectInvitation',
} as const;

/** Who is calling, as the gateway saw it: used by throttling and stored on sessions. */
export interface ClientInfo {
  ip: string;
  user_agent?: string;
}
type Ok = { ok: true };
type Me = { user_id: string; session_id?: string };

export interface AuthRpc {
  'auth.health': { req: Record<string, never>; res: HealthReply };
  'auth.dev.outbox': { req: { to?: string }; res: OutboxMail[] };
  'auth.dev.setScope': { req: { email: string; scope: string[] | Record<string, boolean> }; res: Ok };
  /** Public keys (JWK, EdDSA/Ed25519) that verify access tokens. */
  'auth.keys': { req: Record<string, never>; res: { keys: JWK[] } };
  'auth.register': {
    req: { name: string; email: string; password: string; referral_code?: string; locale?: 'en' | 'zh-CN' };
    res: Ok;
  };
  'auth.activate': { req: { token: string }; res: Ok };
  'auth.activation.resend': { req: { email: string }; res: Ok };
  'auth.login': { req: { email: string; password: string; fingerprint: string; client: ClientInfo }; res: LoginAnswer };
  'auth.login.securityCode': { req: { challenge: string; code: string; client: ClientInfo }; res: LoginSuccess };
  'auth.refresh': { req: { refresh_token: string }; res: TokenPair };
  'auth.user': { req: Me; res: { user: PublicUser } };
  'auth.logout': { req: Me & { session_id: string }; res: Ok };
  'auth.logoutAll': { req: Me & { password: string }; res: Ok };
  'auth.profile.update': { req: Me & { name: string; locale?: 'en' | 'zh-CN' }; res: { user: PublicUser } };
  'auth.email.change': { req: Me & { email: string; password: string }; res: Ok };
  'auth.email.confirm': { req: { token: string }; res: Ok };
  'auth.password.forgot': { req: { email: string }; res: Ok };
  'auth.password.reset': { req: { token: string; password: string }; res: Ok };
  'auth.account.delete': { req: Me & { email: string; password: string }; res: Ok };
  /** After the gateway's OAuth exchange: links an existing account by e-mail or creates an activated one. */
  'auth.google.signIn': {
    req: { google_id: string; email: string; email_verified: boolean; name: string; client: ClientInfo };
    res: LoginSuccess;
  };
  /** The account's referral code, how many accounts registered with it and how many of those activated. */
  'auth.referral.get': { req: { user_id: string }; res: { code: string; email: string; scope: unknown; invited: number; activated: number } };
  'auth.referral.check': { req: { code: string }; res: { valid: boolean } };
  'auth.users.byEmail': { req: { email: string; inviter_id: string }; res: { user: { id: string; email: string; name: string } | null } };
  /**
   * An invitation to `project_id` for `email`: a link to the project for an account with that
   * address, else a link to sign up (the project is in their list once they are signed in).
   */
  'auth.mail.projectInvitation': {
    req: { email: string; project_id: string; project_title: string; inviter_name: string; role: 'editor' | 'viewer' };
    res: Ok;
  };
}
