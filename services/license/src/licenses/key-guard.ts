import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError } from '@visualnotes/contracts';
import { LicenseRedis } from '../common/license-redis';
import type { LicenseConfig } from '../config';

/**
 * Key guessing: look-ups of well-formed keys are counted per account and per address; past
 * KEY_GUESS_MAX per account (KEY_GUESS_MAX_PER_IP per address, looser: many people may share one)
 * in KEY_GUESS_WINDOW_S, every look-up is refused with 429 until the window ends. A look-up is
 * counted before it runs and given back when it finds its license, so a burst of parallel guesses
 * gets no more tries than guesses one after another. A refused look-up looked nothing up: its count
 * is given back at once, so the counters hold only failed look-ups and those under way. (Kept, a
 * burst of right keys from one account, some refused while the others were under way, would have
 * left the account refused until the window ended although no key was wrong.)
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

  /** Counts a look-up, or refuses it with 429 when the account or address has no tries left. */
  async attempt(userId: string, ip?: string): Promise<void> {
    const keys = this.keys(userId, ip);
    const multi = this.redis.client.multi();
    for (const key of keys) multi.incr(key).expire(key, this.config.KEY_GUESS_WINDOW_S, 'NX');
    const counts = ((await multi.exec()) ?? []).filter((_, i) => i % 2 === 0).map(([, n]) => Number(n));
    if (counts[0] > this.config.KEY_GUESS_MAX || (counts[1] ?? 0) > this.config.KEY_GUESS_MAX_PER_IP) {
      await this.succeeded(userId, ip);
      throw new DomainError('RATE_LIMITED');
    }
  }

  /** The look-up found its license (or was refused): its try is given back. */
  async succeeded(userId: string, ip?: string): Promise<void> {
    const multi = this.redis.client.multi();
    for (const key of this.keys(userId, ip)) multi.decr(key);
    await multi.exec();
  }
}
