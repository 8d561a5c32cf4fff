import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError } from '@visualnotes/contracts';
import { LicenseRedis } from '../common/license-redis';
import type { LicenseConfig } from '../config';

/**
 * Key guessing: failed look-ups of well-formed keys are counted per account and per address; past
 * KEY_GUESS_MAX per account (KEY_GUESS_MAX_PER_IP per address, looser: many people may share one)
 * in KEY_GUESS_WINDOW_S, every look-up is refused with 429 until the window ends.
 * (A random well-formed key hits one of N licenses with odds N / 10^15.)
 */
@Injectable()
export class KeyGuard {
  constructor(
    private readonly redis: LicenseRedis,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  private keys(userId: string, ip?: string): string[] {
    return [`keyguess:user:${userId}`, ...(ip ? [`keyguess:ip:${ip}`] : [])];
  }

  async check(userId: string, ip?: string): Promise<void> {
    const [perUser, perIp] = await this.redis.client.mget(...this.keys(userId, ip));
    if (Number(perUser ?? 0) >= this.config.KEY_GUESS_MAX || Number(perIp ?? 0) >= this.config.KEY_GUESS_MAX_PER_IP) {
      throw new DomainError('RATE_LIMITED');
    }
  }

  async failed(userId: string, ip?: string): Promise<void> {
    const multi = this.redis.client.multi();
    for (const key of this.keys(userId, ip)) multi.incr(key).expire(key, this.config.KEY_GUESS_WINDOW_S, 'NX');
    await multi.exec();
  }
}
