import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, type SecurityCodeRequired } from '@visualnotes/contracts';
import type { Repository } from 'typeorm';
import { randomToken, safeEqual, sha256, sixDigitCode } from '../common/crypto';
import { MailService } from '../mail/mail.service';
import { renderMail } from '../mail/templates';
import type { User } from '../users/user.entity';
import { Device } from './device.entity';
import { LoginChallenge } from './login-challenge.entity';

export const CODE_LIFETIME_MS = 10 * 60_000;
export const CODE_MAX_TRIES = 5;

export function fingerprintHash(userId: string, fingerprint: string): string {
  return sha256(`${userId}:${fingerprint}`);
}

/** New-device logins: devices already confirmed, and the e-mailed 6-digit codes. */
@Injectable()
export class SecurityCodesService {
  constructor(
    @InjectRepository(Device) private readonly devices: Repository<Device>,
    @InjectRepository(LoginChallenge) private readonly challenges: Repository<LoginChallenge>,
    private readonly mail: MailService,
  ) {}

  async isKnownDevice(userId: string, fingerprint: string): Promise<boolean> {
    const result = await this.devices.update({ userId, fingerprintHash: fingerprintHash(userId, fingerprint) }, { lastSeenAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  async challenge(user: User, fingerprint: string): Promise<SecurityCodeRequired> {
    const token = randomToken();
    const code = sixDigitCode();
    await this.challenges.insert({
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
    const tried = await this.challenges
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where('id_hash = :idHash AND consumed_at IS NULL AND expires_at > now() AND attempts < :max', { idHash, max: CODE_MAX_TRIES })
      .returning('attempts, code_hash, user_id, fingerprint_hash')
      .execute();
    const row = (tried.raw as { attempts: number; code_hash: string; user_id: string; fingerprint_hash: string }[])[0];
    if (!row) throw new DomainError('SECURITY_CODE_EXPIRED');
    if (!safeEqual(row.code_hash, sha256(`${challenge}:${code}`))) {
      throw new DomainError(row.attempts >= CODE_MAX_TRIES ? 'SECURITY_CODE_EXPIRED' : 'SECURITY_CODE_INCORRECT');
    }
    const consumed = await this.challenges
      .createQueryBuilder()
      .update()
      .set({ consumedAt: () => 'now()' })
      .where('id_hash = :idHash AND consumed_at IS NULL', { idHash })
      .execute();
    if (!consumed.affected) throw new DomainError('SECURITY_CODE_EXPIRED');
    await this.devices.createQueryBuilder().insert().values({ userId: row.user_id, fingerprintHash: row.fingerprint_hash }).orIgnore().execute();
    return row.user_id;
  }
}
