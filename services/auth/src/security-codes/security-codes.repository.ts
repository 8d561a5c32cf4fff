import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { Repository } from 'typeorm';
import { Device } from './device.entity';
import { LoginChallenge } from './login-challenge.entity';

/** A challenge that took one more try: what is needed to check its code. */
export interface TriedChallenge {
  attempts: number;
  code_hash: string;
  user_id: string;
  fingerprint_hash: string;
}

/** Every query on confirmed devices and the e-mailed login codes. */
@Injectable()
export class SecurityCodesRepository {
  constructor(
    @InjectRepository(Device) private readonly devices: Repository<Device>,
    @InjectRepository(LoginChallenge) private readonly challenges: Repository<LoginChallenge>,
  ) {}

  /** Marks a confirmed device as seen now; false when it is not one. */
  async touchDevice(userId: string, fingerprintHash: string): Promise<boolean> {
    const result = await this.devices.update({ userId, fingerprintHash }, { lastSeenAt: new Date() });
    return (result.affected ?? 0) > 0;
  }

  /** Remembers a device (once). */
  async addDevice(userId: string, fingerprintHash: string): Promise<void> {
    await this.devices.createQueryBuilder().insert().values({ userId, fingerprintHash }).orIgnore().execute();
  }

  async insertChallenge(fields: Pick<LoginChallenge, 'idHash' | 'userId' | 'fingerprintHash' | 'codeHash' | 'expiresAt'>): Promise<void> {
    await this.challenges.insert(fields);
  }

  /** Counts one more try of an open, unexpired challenge with tries left (atomically); null when there is none. */
  async countTry(idHash: string, maxTries: number): Promise<TriedChallenge | null> {
    const tried = await this.challenges
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1' })
      .where('id_hash = :idHash AND consumed_at IS NULL AND expires_at > now() AND attempts < :max', { idHash, max: maxTries })
      .returning('attempts, code_hash, user_id, fingerprint_hash')
      .execute();
    return (tried.raw as TriedChallenge[])[0] ?? null;
  }

  /** Closes a challenge; false when another request closed it first. */
  async consume(idHash: string): Promise<boolean> {
    const consumed = await this.challenges
      .createQueryBuilder()
      .update()
      .set({ consumedAt: () => 'now()' })
      .where('id_hash = :idHash AND consumed_at IS NULL', { idHash })
      .execute();
    return !!consumed.affected;
  }
}
