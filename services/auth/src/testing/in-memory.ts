import { randomUUID } from 'node:crypto';
import type { JobPayloads } from '@visualnotes/contracts';
import { DomainError, Messages } from '@visualnotes/contracts';
import { randomToken } from '../common/crypto';
import type { EmailToken, EmailTokenPurpose } from '../email-tokens/email-token.entity';
import type { EmailTokensService } from '../email-tokens/email-tokens.service';
import type { Mail, MailService } from '../mail/mail.service';
import type { SessionsService } from '../sessions/sessions.service';
import type { User } from '../users/user.entity';
import type { NewUser, UserStore } from '../users/users.repository';

/**
 * In-memory stand-ins for the auth service's account repository and the collaborators of its
 * account rules, for unit tests of those rules. They keep the meaning of the real ones (unique
 * e-mail, Google id and referral code; single-use tokens); the integration tests cover the real
 * queries on PostgreSQL and the real mail queue.
 */

/** A copy a caller can change without changing the row (spread rather than structuredClone: its dates would be of another realm under Jest). */
const copy = <T extends object>(value: T): T => ({ ...value });
const copyScope = (scope: User['scope']): User['scope'] => (Array.isArray(scope) ? [...scope] : { ...scope });
const copyUser = (u: User): User => ({ ...u, scope: copyScope(u.scope) });

export class InMemoryUsers implements UserStore {
  readonly rows: User[] = [];

  private taken(fields: Partial<User>, exceptId?: string): boolean {
    return this.rows.some(
      (u) =>
        u.id !== exceptId &&
        ((fields.email !== undefined && u.email === fields.email) ||
          (fields.googleId != null && u.googleId === fields.googleId) ||
          (fields.referralCode !== undefined && u.referralCode === fields.referralCode)),
    );
  }
  private byId(id: string) {
    return this.rows.find((u) => u.id === id);
  }

  async findById(id: string) {
    const u = this.byId(id);
    return u ? copyUser(u) : null;
  }
  async findByEmail(email: string) {
    const u = this.rows.find((x) => x.email === email);
    return u ? copyUser(u) : null;
  }
  async findByGoogleId(googleId: string) {
    const u = this.rows.find((x) => x.googleId === googleId);
    return u ? copyUser(u) : null;
  }
  async referralCodeExists(code: string) {
    return this.rows.find((u) => u.referralCode === code)?.referralCode ?? null;
  }
  async insert(fields: NewUser) {
    if (this.taken(fields)) return null;
    const now = new Date();
    const user: User = {
      id: randomUUID(),
      scope: [],
      locale: 'en',
      googleId: null,
      activatedAt: null,
      referredBy: null,
      createdAt: now,
      updatedAt: now,
      ...fields,
    };
    this.rows.push(copyUser(user));
    return user;
  }
  async save(user: User) {
    if (this.taken(user, user.id)) throw new Error('unique value taken');
    const saved = { ...copyUser(user), updatedAt: new Date() };
    const i = this.rows.findIndex((u) => u.id === user.id);
    if (i >= 0) this.rows[i] = saved;
    else this.rows.push(saved);
    return copyUser(saved);
  }
  async markActivated(id: string) {
    const u = this.byId(id);
    if (u) u.activatedAt ??= new Date();
  }
  async setPassword(id: string, passwordHash: string) {
    const u = this.byId(id);
    if (u) Object.assign(u, { passwordHash, activatedAt: u.activatedAt ?? new Date() });
  }
  async replacePasswordHash(id: string, passwordHash: string) {
    const u = this.byId(id);
    if (u) u.passwordHash = passwordHash;
  }
  async referralCounts(code: string) {
    const referred = this.rows.filter((u) => u.referredBy === code);
    return { invited: referred.length, activated: referred.filter((u) => u.activatedAt).length };
  }
  async changeEmail(id: string, email: string) {
    if (this.taken({ email }, id)) return false;
    const u = this.byId(id);
    if (u) Object.assign(u, { email, activatedAt: u.activatedAt ?? new Date() });
    return true;
  }
  async setScope(email: string, scope: User['scope']) {
    const u = this.rows.find((x) => x.email === email);
    if (u) u.scope = copyScope(scope);
    return Boolean(u);
  }
  async delete(id: string) {
    const i = this.rows.findIndex((u) => u.id === id);
    if (i >= 0) this.rows.splice(i, 1);
  }
}

/** Single-use e-mailed links: a new one of the same purpose replaces the unused earlier ones. */
export class InMemoryEmailTokens implements Pick<EmailTokensService, 'issue' | 'consume'> {
  readonly tokens = new Map<string, EmailToken>();

  async issue(userId: string, purpose: EmailTokenPurpose, newEmail: string | null = null) {
    for (const [k, t] of this.tokens) if (t.userId === userId && t.purpose === purpose && !t.usedAt) this.tokens.delete(k);
    const token = randomToken();
    const now = new Date();
    this.tokens.set(token, { tokenHash: token, userId, purpose, newEmail, expiresAt: new Date(now.getTime() + 3600_000), usedAt: null, createdAt: now });
    return token;
  }
  async consume(token: string, purpose: EmailTokenPurpose, allowUsed = false) {
    const t = this.tokens.get(token);
    if (!t || t.purpose !== purpose || (t.usedAt && !allowUsed)) throw new DomainError('LINK_INVALID', Messages.linkInvalid);
    t.usedAt ??= new Date();
    return copy(t);
  }
}

/** Mails handed to the mail queue, in order. */
export class Outbox implements Pick<MailService, 'send'> {
  readonly sent: Mail[] = [];
  async send(mail: Mail) {
    this.sent.push(mail);
  }
  to(address: string) {
    return this.sent.filter((m) => m.to === address);
  }
}

/** What the account rules asked of the sessions. */
export class SessionLog implements Pick<SessionsService, 'announceAccountChange' | 'revokeAll'> {
  readonly announced: string[] = [];
  readonly revoked: string[] = [];
  async announceAccountChange(userId: string) {
    this.announced.push(userId);
  }
  async revokeAll(userId: string) {
    this.revoked.push(userId);
  }
}

/** Jobs added to one queue. */
export class JobLog {
  readonly jobs: { name: string; data: JobPayloads['account.deleted']; jobId?: string }[] = [];
  async add(name: string, data: JobPayloads['account.deleted'], opts?: { jobId?: string }) {
    this.jobs.push({ name, data, jobId: opts?.jobId });
    return undefined as never;
  }
}
