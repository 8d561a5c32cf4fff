import { randomBytes } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import { publicUrl, SERVICE_CONFIG } from '@visualnotes/common';
import {
  clipText,
  DomainError,
  isReferralCode,
  Jobs,
  Messages,
  nameSchema,
  Queues,
  type JobPayloads,
  type PublicUser,
  type RpcRequest,
} from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import { normalizeEmail } from '../common/crypto';
import type { AuthConfig } from '../config';
import { EmailTokensService } from '../email-tokens/email-tokens.service';
import { LoginThrottle } from '../login/login-throttle';
import { MailService } from '../mail/mail.service';
import { renderMail } from '../mail/templates';
import { PasswordHasher } from '../passwords/password-hasher';
import { SessionsService } from '../sessions/sessions.service';
import type { User } from './user.entity';
import { UsersRepository, type UserStore } from './users.repository';
import { publicUser } from './user-view';

export function newReferralCode(): string {
  return randomBytes(6).toString('base64url');
}

@Injectable()
export class UsersService {
  private readonly logger = new Logger(UsersService.name);
  private readonly base: string;

  constructor(
    @Inject(UsersRepository) private readonly users: UserStore,
    @Inject(PasswordHasher) private readonly hasher: Pick<PasswordHasher, 'hash' | 'verify'>,
    @Inject(EmailTokensService) private readonly emailTokens: Pick<EmailTokensService, 'issue' | 'consume'>,
    @Inject(MailService) private readonly mail: Pick<MailService, 'send'>,
    @Inject(SessionsService) private readonly sessions: Pick<SessionsService, 'announceAccountChange' | 'revokeAll'>,
    @Inject(LoginThrottle) private readonly throttle: Pick<LoginThrottle, 'recheck' | 'allowMail' | 'emailChange' | 'invitation'>,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
    @InjectQueue(Queues.licenseEvents) private readonly licenseEvents: Pick<Queue, 'add'>,
    @InjectQueue(Queues.mediaEvents) private readonly mediaEvents: Pick<Queue, 'add'>,
    @InjectQueue(Queues.publishEvents) private readonly publishEvents: Pick<Queue, 'add'>,
    @InjectQueue(Queues.aiEvents) private readonly aiEvents: Pick<Queue, 'add'>,
  ) {
    this.base = publicUrl(config);
  }

  async get(userId: string): Promise<User> {
    const user = await this.users.findById(userId);
    // the token outlived its account
    if (!user) throw new DomainError('UNAUTHORIZED');
    return user;
  }

  /**
   * An activated account by e-mail (for sharing a project with it), or null. Each look-up counts
   * against the inviter's INVITATIONS_MAX per window (429 beyond): sharing can neither list who
   * has an account nor mail strangers in bulk.
   */
  async byEmail(email: string, inviterId?: string): Promise<{ user: { id: string; email: string; name: string } | null }> {
    if (inviterId) await this.throttle.invitation(inviterId);
    const user = await this.users.findByEmail(email);
    return { user: user?.activatedAt ? { id: user.id, email: user.email, name: user.name } : null };
  }

  /**
   * Mails an invitation to a shared project: to the project itself for an activated account with
   * that address (in its language), else to the sign-up form.
   */
  async sendProjectInvitation(req: {
    email: string;
    project_id: string;
    project_title: string;
    inviter_name: string;
    role: 'editor' | 'viewer';
  }): Promise<void> {
    const email = normalizeEmail(String(req.email ?? ''));
    // Like every mail one address can be sent by someone else's action: a few per window, then
    // silently none (inviting, removing and inviting again must not flood an inbox).
    if (!(await this.throttle.allowMail('invitation', email))) return;
    const user = await this.users.findByEmail(email);
    const known = Boolean(user?.activatedAt);
    const link = known ? `${this.base}/projects/${encodeURIComponent(req.project_id)}` : `${this.base}/account/login?register=1`;
    await this.mail.send(
      renderMail('projectInvitation', user?.locale, email, {
        name: req.inviter_name || 'Someone',
        // a title is one line, also in the subject
        project: req.project_title.replace(/\s+/g, ' ').trim(),
        role: req.role,
        signUp: !known,
        link,
      }),
    );
  }

  async view(userId: string): Promise<{ user: PublicUser }> {
    return { user: publicUser(await this.get(userId)) };
  }

  /** The password of a signed-in user, checked within the same allowance of wrong tries as a login. */
  async checkPassword(user: User, password: string): Promise<void> {
    const ok = await this.throttle.recheck(user.id, () => this.hasher.verify(user.passwordHash, password));
    if (!ok) throw new DomainError('PASSWORD_INCORRECT');
  }

  /**
   * Registers an account and mails its activation link. An address already registered gets a
   * mail instead (a login hint, or the activation link again), and the answer is the same: the
   * route does not tell who has an account.
   */
  async register(req: RpcRequest<'auth.register'>): Promise<void> {
    const body = req;
    const passwordHash = await this.hasher.hash(body.password);
    const existing = await this.users.findByEmail(body.email);
    if (existing) return this.notifyExisting(existing);
    const referredBy = await this.inviterCode(body.referral_code);
    const user = await this.users.insert({
      email: body.email,
      name: body.name,
      passwordHash,
      locale: body.locale ?? 'en',
      referralCode: newReferralCode(),
      referredBy,
    });
    if (!user) {
      // registered at the same moment by another request
      const raced = await this.users.findByEmail(body.email);
      if (raced) return this.notifyExisting(raced);
      throw new Error('account not created: a unique value is taken');
    }
    await this.sendActivation(user);
  }

  /** A referral code counts only when it is an account's code (an unknown or malformed one is ignored). */
  private async inviterCode(code: string | undefined): Promise<string | null> {
    return isReferralCode(code) ? this.users.referralCodeExists(code) : null;
  }

  private async notifyExisting(user: User): Promise<void> {
    if (!(await this.throttle.allowMail('register', user.email))) return;
    if (!user.activatedAt) return this.sendActivation(user);
    await this.mail.send(renderMail('alreadyRegistered', user.locale, user.email, { name: user.name, link: `${this.base}/account/login` }));
  }

  private async sendActivation(user: User): Promise<void> {
    const token = await this.emailTokens.issue(user.id, 'activate');
    await this.mail.send(renderMail('activation', user.locale, user.email, { name: user.name, link: `${this.base}/user/confirm?token=${token}` }));
  }

  async activate(token: string): Promise<void> {
    const t = await this.emailTokens.consume(token, 'activate', true);
    await this.users.markActivated(t.userId);
  }

  async resendActivation(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || user.activatedAt) return;
    if (await this.throttle.allowMail('activation', user.email)) await this.sendActivation(user);
  }

  async updateProfile(req: RpcRequest<'auth.profile.update'>): Promise<{ user: PublicUser }> {
    const user = await this.get(req.user_id);
    user.name = req.name;
    if (req.locale) user.locale = req.locale;
    await this.users.save(user);
    await this.sessions.announceAccountChange(user.id);
    return { user: publicUser(user) };
  }

  /**
   * Mails a confirmation link to the new address; the address changes when it is opened. A few
   * requests per account and window (each is a mail to an address of the user's choosing). The
   * answer is the same whether or not the address has an account: a taken address gets no link,
   * only a short notice (itself limited per address), and the change can never land on it.
   */
  async changeEmail(req: RpcRequest<'auth.email.change'>): Promise<void> {
    const body = req;
    const user = await this.get(req.user_id);
    await this.checkPassword(user, body.password);
    if (body.email === user.email) return;
    await this.throttle.emailChange(user.id);
    const owner = await this.users.findByEmail(body.email);
    if (owner) {
      if (await this.throttle.allowMail('email-taken', body.email)) {
        await this.mail.send(renderMail('emailTaken', owner.locale, body.email, {}));
      }
      return;
    }
    const token = await this.emailTokens.issue(user.id, 'email', body.email);
    // in the account's language, but with none of its user-chosen text (the name)
    await this.mail.send(renderMail('emailChange', user.locale, body.email, { link: `${this.base}/user/confirm?token=${token}&kind=email` }));
  }

  async confirmEmail(token: string): Promise<void> {
    const t = await this.emailTokens.consume(token, 'email');
    if (!(await this.users.changeEmail(t.userId, t.newEmail!))) throw new DomainError('EMAIL_IN_USE');
    await this.sessions.announceAccountChange(t.userId);
  }

  async setScope(email: string, scope: string[] | Record<string, boolean>): Promise<void> {
    if (!(await this.users.setScope(normalizeEmail(email), scope))) throw new DomainError('NOT_FOUND');
  }

  /**
   * Deletes the account after checking its e-mail and password. Other services learn it through
   * durable queues (one per receiver, a fixed job id per account: a retry adds nothing twice), so
   * a service that is down at this moment catches up when it starts.
   */
  async deleteAccount(req: RpcRequest<'auth.account.delete'>): Promise<void> {
    const user = await this.get(req.user_id);
    if (req.email !== user.email) throw new DomainError('VALIDATION_FAILED', Messages.emailMismatch);
    await this.checkPassword(user, req.password);
    const payload: JobPayloads['account.deleted'] = { userId: user.id };
    // BullMQ refuses ':' in custom ids, hence '-'
    const jobId = `${Jobs.accountDeleted}-${user.id}`;
    await Promise.all([this.licenseEvents, this.mediaEvents, this.publishEvents, this.aiEvents].map((q) => q.add(Jobs.accountDeleted, payload, { jobId })));
    await this.sessions.revokeAll(user.id);
    await this.users.delete(user.id);
    this.logger.log(`account ${user.id} deleted`);
  }

  /** Google sign-in: the account with this Google id, else the one with this verified e-mail (linked), else a new activated one. */
  async fromGoogle(req: RpcRequest<'auth.google.signIn'>): Promise<User> {
    const { google_id: googleId, email } = req;
    if (!req.email_verified) throw new DomainError('GOOGLE_LOGIN_FAILED');
    const byGoogle = await this.users.findByGoogleId(googleId);
    if (byGoogle) return byGoogle;
    const byEmail = await this.users.findByEmail(email);
    if (byEmail) {
      if (byEmail.googleId && byEmail.googleId !== googleId) throw new DomainError('GOOGLE_LOGIN_FAILED');
      byEmail.googleId = googleId;
      byEmail.activatedAt ??= new Date();
      return this.users.save(byEmail);
    }
    const name = nameSchema.safeParse(req.name).data ?? clipText(email.split('@')[0], 100);
    const created = await this.users.insert({ email, name, googleId, passwordHash: null, activatedAt: new Date(), referralCode: newReferralCode() });
    if (created) return created;
    // signed in at the same moment by another request
    const raced = await this.users.findByGoogleId(googleId);
    if (raced) return raced;
    throw new Error('account not created: a unique value is taken');
  }
}
