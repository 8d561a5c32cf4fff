import type Redis from 'ioredis';

export interface RateLimitOptions {
  /** Requests allowed per key and window, across every gateway copy. */
  max: number;
  windowMs: number;
  /** Prefix of the Redis keys (`<prefix><key>:<window>`). */
  prefix: string;
  /** How often each copy adds its counts to Redis and reads the shared totals. */
  syncMs?: number;
  /** Keys held in memory at most (those whose window started first go first). */
  maxKeys?: number;
}

export interface RateLimitResult {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Milliseconds until the window ends. */
  resetMs: number;
}

interface Counter {
  window: number;
  /** The shared total as Redis last told it (this copy's flushed hits included). */
  shared: number;
  /** Hits on this copy not yet added to Redis. */
  pending: number;
  /** Hits on their way to Redis (a sync not answered yet): still counted. */
  sending: number;
}

/**
 * A fixed-window rate limiter shared by every gateway copy through Redis, without a Redis round
 * trip per request: each copy counts in memory and every `syncMs` adds its new hits to the shared
 * counters (one pipelined INCRBY per active key) and learns the totals of all copies. A request is
 * decided at once from the last shared total plus this copy's hits since. Across N copies a key can
 * get at most what the other copies admitted during one sync interval over its limit; one copy
 * alone never exceeds it. When Redis is unreachable each copy goes on limiting on its own counts.
 */
export class SharedRateLimiter {
  private readonly counters = new Map<string, Counter>();
  private readonly syncMs: number;
  private readonly maxKeys: number;
  private timer?: NodeJS.Timeout;
  private syncing?: Promise<void>;

  constructor(
    private readonly redis: Redis,
    private readonly options: RateLimitOptions,
  ) {
    this.syncMs = options.syncMs ?? 100;
    this.maxKeys = options.maxKeys ?? 50_000;
  }

  hit(key: string, now = Date.now()): RateLimitResult {
    const { max, windowMs } = this.options;
    const window = Math.floor(now / windowMs);
    let c = this.counters.get(key);
    if (!c || c.window !== window) {
      // A key is (re-)inserted when its window starts, so the map is in order of window start: when
      // it is full, the first key is one not seen since an earlier window, or the oldest of this one.
      // (Moving a key to the end on every hit would cost a Map delete and set, ~1.5 µs a request.)
      c = { window, shared: 0, pending: 0, sending: 0 };
      this.counters.delete(key);
      if (this.counters.size >= this.maxKeys) this.counters.delete(this.counters.keys().next().value!);
      this.counters.set(key, c);
    }
    const used = c.shared + c.sending + c.pending;
    const resetMs = (window + 1) * windowMs - now;
    if (used >= max) return { allowed: false, limit: max, remaining: 0, resetMs };
    c.pending++;
    this.schedule();
    return { allowed: true, limit: max, remaining: max - used - 1, resetMs };
  }

  private schedule() {
    if (this.timer) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.sync();
    }, this.syncMs);
    this.timer.unref();
  }

  /** Adds this copy's new hits to Redis and takes the shared totals back. */
  sync(): Promise<void> {
    if (this.syncing) return this.syncing.then(() => this.sync());
    const batch: [string, Counter, number][] = [];
    for (const [key, c] of this.counters) {
      if (c.pending > 0) {
        batch.push([key, c, c.pending]);
        c.sending += c.pending;
        c.pending = 0;
      }
    }
    if (!batch.length) return Promise.resolve();
    const { prefix, windowMs } = this.options;
    const pipeline = this.redis.pipeline();
    for (const [key, c, n] of batch) {
      const redisKey = `${prefix}${key}:${c.window}`;
      pipeline.incrby(redisKey, n);
      pipeline.pexpire(redisKey, windowMs + 1_000);
    }
    this.syncing = pipeline
      .exec()
      .then((replies) => {
        batch.forEach(([, c, n], i) => {
          const [err, total] = replies?.[i * 2] ?? [new Error('no reply')];
          c.sending -= n;
          // Without an answer the hits stay counted here, as hits Redis has not seen.
          c.shared = err ? c.shared + n : Math.max(c.shared + n, Number(total));
        });
      })
      .catch(() => {
        for (const [, c, n] of batch) {
          c.sending -= n;
          c.shared += n;
        }
      })
      .finally(() => {
        this.syncing = undefined;
      });
    return this.syncing;
  }

  async close(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.sync().catch(() => undefined);
  }
}
