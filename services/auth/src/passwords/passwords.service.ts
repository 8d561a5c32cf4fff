import { Inject, Injectable, Logger, type OnModuleDestroy } from '@nestjs/common';
import { publicUrl, SERVICE_CONFIG } from '@visualnotes/common';
import type { AuthConfig } from '../config';
import { EmailTokensService } from '../email-tokens/email-tokens.service';
import { LoginThrottle } from '../login/login-throttle';
import { MailService } from '../mail/mail.service';
import { renderMail } from '../mail/templates';
import { SessionsService } from '../sessions/sessions.service';
import { UsersRepository, type UserStore } from '../users/users.repository';
import { PasswordHasher } from './password-hasher';

/** Forgotten passwords: a reset link by e-mail, then a new password that ends every session. */
@Injectable()
export class PasswordsService implements OnModuleDestroy {
  private readonly logger = new Logger(PasswordsService.name);
  private readonly base: string;
  /** Reset requests answered and still being worked on. */
  private readonly pending = new Set<Promise<void>>();

  constructor(
    @Inject(UsersRepository) private readonly users: UserStore,
    private readonly hasher: PasswordHasher,
    private readonly emailTokens: EmailTokensService,
    private readonly mail: MailService,
    private readonly sessions: SessionsService,
    private readonly throttle: LoginThrottle,
    @Inject(SERVICE_CONFIG) config: AuthConfig,
  ) {
    this.base = publicUrl(config);
  }

  /**
   * Same answer, in the same time, whether or not the account exists: the caller is answered
   * before the account is looked up, and the link is made and mailed afterwards.
   */
  forgot(email: string): void {
    const work = this.sendResetLink(email)
      .catch((err: unknown) => this.logger.error(`password reset mail failed: ${(err as Error).message}`))
      .finally(() => this.pending.delete(work));
    this.pending.add(work);
  }

  /** Reset links being made when the service stops are finished first. */
  async onModuleDestroy() {
    await Promise.allSettled([...this.pending]);
  }

  private async sendResetLink(email: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    if (!user || !(await this.throttle.allowMail('reset', user.email))) return;
    const token = await this.emailTokens.issue(user.id, 'reset');
    await this.mail.send(renderMail('passwordReset', user.locale, user.email, { name: user.name, link: `${this.base}/account/reset?token=${token}` }));
  }

  async reset(token: string, password: string): Promise<void> {
    const t = await this.emailTokens.consume(token, 'reset');
    // opening the mailed link proves the address: an unactivated account is activated too
    await this.users.setPassword(t.userId, await this.hasher.hash(password));
    await this.sessions.revokeAll(t.userId);
  }
}
