import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, Messages } from '@visualnotes/contracts';
import { sha256 } from '../common/crypto';
import { AuthRedis } from '../common/redis.provider';
import type { AuthConfig } from '../config';

/**
 * Takes one attempt from every counter in KEYS (limits in ARGV[2..]) in one step, so parallel
 * attempts cannot all read "under the limit" before any of them counts. When a counter is over
 * its limit nothing is taken and the answer is the longest wait (ms); else 0.
 */
const TAKE_ATTEMPT = `
local wait = 0
for i, key in ipairs(KEYS) do
  local n = redis.call('INCR', key)
  if redis.call('PTTL', key) < 0 then redis.call('EXPIRE', key, ARGV[1]) end
  if n > tonumber(ARGV[i + 1]) then wait = math.max(wait, redis.call('PTTL', key), 1000) end
end
if wait > 0 then
  for _, key in ipairs(KEYS) do redis.call('DECR', key) end
end
return wait
`;

/** Gives an attempt back to every counter in KEYS that still exists (one that expired stays gone). */
const GIVE_BACK = `
for _, key in ipairs(KEYS) do
  if redis.call('GET', key) and tonumber(redis.call('GET', key)) > 0 then redis.call('DECR', key) end
end
return 0
`;

/**
 * Login throttling that an attacker cannot turn into a lock-out of the victim:
 * - failures per (account, address) are limited strictly: guessing from one place stops quickly,
 *   while the owner, from any other address, is not affected;
 * - failures per address are limited more loosely (one address trying many accounts);
 * - failures on an account from all addresses never lock it: past a threshold, every login of
 *   that account needs the e-mailed security code, even from a known device.
 * Every attempt takes its place in the counters before the password is checked, and gives it back
 * when the password was right: "5 tries" means 5 however many arrive at once.
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

  /** Takes one attempt for `keys` (counted for `windowS`), or throws 429 with the wait in minutes. */
  private async take(keys: string[], limits: number[], message: string, windowS = this.config.LOGIN_WINDOW_S): Promise<void> {
    const wait = Number(await this.redis.client.eval(TAKE_ATTEMPT, keys.length, ...keys, windowS, ...limits));
    if (wait <= 0) return;
    const minutes = Math.max(1, Math.ceil(wait / 60_000));
    throw new DomainError('RATE_LIMITED', message.replace('{minutes}', String(minutes)));
  }

  /** Counts a login attempt before the password is checked; throws 429 when this address is over its limits. */
  async begin(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await this.take([k.pair, k.ip], [this.config.LOGIN_MAX_PER_ACCOUNT_IP, this.config.LOGIN_MAX_PER_IP], Messages.tooManyLoginAttempts);
  }

  /** The attempt was wrong: it stays counted, and counts against the account from every address. */
  async failed(email: string): Promise<void> {
    const key = this.keys(email, '').account;
    await this.redis.client.multi().incr(key).expire(key, this.config.LOGIN_WINDOW_S, 'NX').exec();
  }

  /** The password was right: the attempt is given back. */
  async succeeded(email: string, ip: string): Promise<void> {
    const k = this.keys(email, ip);
    await this.redis.client.multi().del(k.pair).eval(GIVE_BACK, 1, k.ip).exec();
  }

  /** Whether the account is being guessed at from many places: then the e-mailed code is required. */
  async underAttack(email: string): Promise<boolean> {
    const n = Number((await this.redis.client.get(this.keys(email, '').account)) ?? 0);
    return n >= this.config.LOGIN_ACCOUNT_ALERT;
  }

  /**
   * A signed-in user re-entering the password (logout everywhere, e-mail change, account deletion):
   * `check` runs only within the per-account allowance, and a right password gives its try back.
   */
  async recheck(userId: string, check: () => Promise<boolean>): Promise<boolean> {
    const key = `${this.redis.prefix}recheck:${userId}`;
    await this.take([key], [this.config.LOGIN_MAX_PER_ACCOUNT_IP], Messages.tooManyPasswordAttempts);
    const ok = await check();
    if (ok) await this.redis.client.eval(GIVE_BACK, 1, key);
    return ok;
  }

  /**
   * Counts a new-device security code for an account before it is created and mailed; throws 429
   * beyond `NEW_DEVICE_CODES_MAX` per window (each code is 5 guesses and a mail to the owner).
   */
  async newDeviceCode(userId: string): Promise<void> {
    const key = `${this.redis.prefix}challenge:${userId}`;
    await this.take([key], [this.config.NEW_DEVICE_CODES_MAX], Messages.tooManyNewDeviceLogins, this.config.NEW_DEVICE_CODES_WINDOW_S);
  }

  /**
   * Counts an e-mail change request of an account before its mail goes out; throws 429 beyond
   * `EMAIL_CHANGE_MAX` per window, whatever the address (so the answer tells nothing about it).
   */
  async emailChange(userId: string): Promise<void> {
    const key = `${this.redis.prefix}email-change:${userId}`;
    await this.take([key], [this.config.EMAIL_CHANGE_MAX], Messages.tooManyEmailChanges, this.config.EMAIL_CHANGE_WINDOW_S);
  }

  /**
   * Counts a person invited to a project by `inviterId` (whether or not the address has an account);
   * throws 429 beyond `INVITATIONS_MAX` per window.
   */
  async invitation(inviterId: string): Promise<void> {
    const key = `${this.redis.prefix}invitations:${inviterId}`;
    await this.take([key], [this.config.INVITATIONS_MAX], Messages.tooManyInvitations, this.config.INVITATIONS_WINDOW_S);
  }

  /** Limits mails a single address can trigger (forgot password, resend activation): silently. */
  async allowMail(purpose: string, email: string, max = 3): Promise<boolean> {
    const key = `${this.redis.prefix}mail:${purpose}:${sha256(email).slice(0, 32)}`;
    const n = await this.redis.client.incr(key);
    if (n === 1) await this.redis.client.expire(key, this.config.LOGIN_WINDOW_S);
    return n <= max;
  }
}
