import { Inject, Injectable, Logger, type OnModuleDestroy, type OnModuleInit } from '@nestjs/common';
import { BASE_CONFIG, redisConnection, revokedSessionsStream, type BaseConfig } from '@visualnotes/common';
import type Redis from 'ioredis';

/** How often each gateway copy reads the sessions revoked since its last look. */
export const REVOCATION_POLL_MS = 1_000;
const BATCH = 1_000;

/**
 * The sessions ended before their access tokens expire, and the accounts whose e-mail or name
 * changed, as the auth service announces them on a Redis stream. Each gateway copy reads the new entries every second and keeps them in memory
 * until the tokens they cover have expired, so checking a token costs a map lookup: no Redis round
 * trip per request, and a revoked token stops working on every copy within about a second. When
 * Redis cannot be read, tokens stay valid until they expire (as without this list), and a warning
 * is logged.
 */
@Injectable()
export class RevokedSessions implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(RevokedSessions.name);
  private readonly redis: Redis;
  private readonly key: string;
  /** Session id → when its last access token expires (ms). */
  private readonly revoked = new Map<string, number>();
  /** Account id → when its details last changed and until when tokens from before may live (ms). */
  private readonly changed = new Map<string, { at: number; until: number }>();
  private lastId = '0-0';
  private timer?: NodeJS.Timeout;
  private reading?: Promise<void>;
  private failing = false;
  private lastPrune = 0;

  constructor(@Inject(BASE_CONFIG) config: BaseConfig) {
    this.key = revokedSessionsStream(config.REDIS_PREFIX);
    this.redis = redisConnection(config.REDIS_URL, 'poll');
    this.redis.on('error', () => undefined);
  }

  async onModuleInit() {
    await this.poll();
    this.timer = setInterval(() => void this.poll(), REVOCATION_POLL_MS);
    this.timer.unref();
  }

  onModuleDestroy() {
    clearInterval(this.timer);
    this.redis.disconnect();
  }

  isRevoked(sessionId: string): boolean {
    const until = this.revoked.get(sessionId);
    return until !== undefined && until > Date.now();
  }

  /** Whether the account's e-mail or name changed after a token was issued (then the token's copy is stale). */
  changedSince(userId: string, issuedAtMs: number): boolean {
    const change = this.changed.get(userId);
    return change !== undefined && change.at >= issuedAtMs - 1_000;
  }

  /** A session this copy saw end itself (logout): refused here at once, before the next read. */
  add(sessionId: string, untilMs: number) {
    this.revoked.set(sessionId, untilMs);
  }

  /** Reads what is new on the stream (the whole recent list at start). One read at a time. */
  poll(): Promise<void> {
    this.reading ??= this.read().finally(() => (this.reading = undefined));
    return this.reading;
  }

  private async read(): Promise<void> {
    try {
      for (;;) {
        const answer = await this.redis.xread('COUNT', BATCH, 'STREAMS', this.key, this.lastId);
        const entries = answer?.[0]?.[1] ?? [];
        for (const [id, fields] of entries) {
          this.lastId = id;
          const f: Record<string, string> = {};
          for (let i = 0; i + 1 < fields.length; i += 2) f[fields[i]] = fields[i + 1];
          const until = Number(f.until);
          if (f.sid && until > Date.now()) this.revoked.set(f.sid, Math.max(until, this.revoked.get(f.sid) ?? 0));
          if (f.uid && until > Date.now()) this.changed.set(f.uid, { at: Number(f.at), until });
        }
        if (entries.length < BATCH) break;
      }
      this.prune();
      if (this.failing) this.logger.log('revoked sessions are read again');
      this.failing = false;
    } catch (err) {
      if (!this.failing) this.logger.warn(`cannot read revoked sessions: ${(err as Error).message}`);
      this.failing = true;
    }
  }

  private prune() {
    const now = Date.now();
    if (now - this.lastPrune < 10_000) return;
    this.lastPrune = now;
    for (const [sid, until] of this.revoked) if (until <= now) this.revoked.delete(sid);
    for (const [uid, change] of this.changed) if (change.until <= now) this.changed.delete(uid);
  }
}
