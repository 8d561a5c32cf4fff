import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, Messages } from '@visualnotes/contracts';
import { sha256 } from '../common/crypto';
import { AuthRedis } from '../common/redis.provider';
import type { AuthConfig } from '../config';

/**
 * Login throttling that an attacker cannot turn into a lock-out of the victim:
 * - failures per (account, address) are limited strictly: guessing from one place stops quickly,
 *   while the owner, from any other address, is not affected;
 * - failures per address are limited more loosely (one address trying many accounts);
 * - failures on an account from all addresses never lock it: past a threshold, every login of
 *   that account needs the e-mailed security code, even from a known device.
 */
@Injectable()
export class LoginThrottle {
  constructor(
    private readonly redis: AuthRedis,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  private keys(email: string, ip: string) {
    const account = sha256(email).slice(0, 32);
    return {
      pair: `${this.redis.prefix}login:pair:${account}:${ip}`,
      ip: `${this.redis.prefix}login:ip:${ip}`,
      account: `${this.redis.prefix}login:account:${account}`,
    };
  }

  /** Throws 429 with the wait when this address is over its limits. */
  async check(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const [pair, perIp] = await this.redis.client.mget(k.pair, k.ip);
    const over: string[] = [];
    if (Number(pair ?? 0) >= this.config.LOGIN_MAX_PER_ACCOUNT_IP) over.push(k.pair);
    if (Number(perIp ?? 0) >= this.config.LOGIN_MAX_PER_IP) over.push(k.ip);
    if (!over.length) return;
    const ttls = await Promise.all(over.map((key) => this.redis.client.pttl(key)));
    const minutes = Math.max(1, Math.ceil(Math.max(...ttls, 1000) / 60_000));
    throw new DomainError('RATE_LIMITED', Messages.tooManyLoginAttempts.replace('{minutes}', String(minutes)));
  }

  async failed(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    const window = this.config.LOGIN_WINDOW_S;
    const multi = this.redis.client.multi();
    for (const key of [k.pair, k.ip, k.account]) multi.incr(key).expire(key, window, 'NX');
    await multi.exec();
  }

  async succeeded(email: string, ip: string): Promise<void> {
    await this.redis.client.del(this.keys(email, ip).pair);
  }

  /** Whether the account is being guessed at from many places: then the e-mailed code is required. */
  async underAttack(email: string): Promise<boolean> {
    const n = Number((await this.redis.client.get(this.keys(email, '').account)) ?? 0);
    return n >= this.config.LOGIN_ACCOUNT_ALERT;
  }

  /** Limits mails a single address can trigger (forgot password, resend activation): silently. */
  async allowMail(purpose: string, email: string, max = 3): Promise<boolean> {
    const key = `${this.redis.prefix}mail:${purpose}:${sha256(email).slice(0, 32)}`;
    const n = await this.redis.client.incr(key);
    if (n === 1) await this.redis.client.expire(key, this.config.LOGIN_WINDOW_S);
    return n <= max;
  }
}
