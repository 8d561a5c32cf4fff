import { Injectable } from '@nestjs/common';
import { DomainError, type SecurityCodeRequired } from '@visualnotes/contracts';
import { safeEqual } from '@visualnotes/common';
import { randomToken, sha256, sixDigitCode } from '../common/crypto';
import { MailService } from '../mail/mail.service';
import { renderMail } from '../mail/templates';
import type { User } from '../users/user.entity';
import { SecurityCodesRepository } from './security-codes.repository';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

export function fingerprintHash(userId: string, fingerprint: string): string {
  return sha256(`${userId}:${fingerprint}`);
}

/** New-device logins: devices already confirmed, and the e-mailed 6-digit codes. */
@Injectable()
export class SecurityCodesService {
  constructor(
    private readonly repo: SecurityCodesRepository,
    private readonly mail: MailService,
  ) {}

  async isKnownDevice(userId: string, fingerprint: string): Promise<boolean> {
    return this.repo.touchDevice(userId, fingerprintHash(userId, fingerprint));
  }

  async challenge(user: User, fingerprint: string): Promise<SecurityCodeRequired> {
    const token = randomToken();
    const code = sixDigitCode();
    await this.repo.insertChallenge({
      idHash: sha256(token),
      userId: user.id,
      fingerprintHash: fingerprintHash(user.id, fingerprint),
      codeHash: sha256(`${token}:${code}`),
      expiresAt: new Date(Date.now() + CODE_LIFETIME_MS),
    });
    await this.mail.send(renderMail('securityCode', user.locale, user.email, { name: user.name, code }));
    return { security_code_required: true, challenge: token };
  }

  /**
   * Checks a code: 5 tries within 10 minutes, then a new code is needed. On success the device is
   * remembered and the user id returned.
   */
  async verify(challenge: string, code: string): Promise<string> {
    const idHash = sha256(challenge);
    const row = await this.repo.countTry(idHash, CODE_MAX_TRIES);
    if (!row) throw new DomainError('SECURITY_CODE_EXPIRED');
    if (!safeEqual(row.code_hash, sha256(`${challenge}:${code}`))) {
      throw new DomainError(row.attempts >= CODE_MAX_TRIES ? 'SECURITY_CODE_EXPIRED' : 'SECURITY_CODE_INCORRECT');
    }
    if (!(await this.repo.consume(idHash))) throw new DomainError('SECURITY_CODE_EXPIRED');
    await this.repo.addDevice(row.user_id, row.fingerprint_hash);
    return row.user_id;
  }
}
