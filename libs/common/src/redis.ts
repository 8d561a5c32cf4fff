import Redis, { type RedisOptions } from 'ioredis';

/** ioredis options from a redis:// or rediss:// URL (BullMQ wants options, not a URL). */
export function redisOptions(url: string): RedisOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    username: u.username ? decodeURIComponent(u.username) : undefined,
    password: u.password ? decodeURIComponent(u.password) : undefined,
    db: u.pathname.length > 1 ? Number(u.pathname.slice(1)) : 0,
    tls: u.protocol === 'rediss:' ? {} : undefined,
  };
}

/**
 * What a connection is for; each purpose's options are set here and nowhere else.
 * - `state`: reads and writes of state (sessions, licences, sign-in state, live rooms): a few
 *   retries over a reconnect.
 * - `rpc`: the RPC transport's commands: many small commands, sent together.
 * - `blocking`: blocking reads (BRPOP, XREAD BLOCK) and pub/sub subscribers: a command waits as
 *   long as it takes, through reconnects.
 * - `request`: on a request's path (rate-limit counters): answers within 2 s or fails; nothing is
 *   queued while Redis is away.
 * - `poll`: background reads repeated every few seconds: fail quickly, the next poll tries again.
 * - `probe`: the start-up check that Redis answers: one try, no reconnects.
 */
export type RedisPurpose = 'state' | 'rpc' | 'blocking' | 'request' | 'poll' | 'probe';

const PURPOSE_OPTIONS: Record<RedisPurpose, RedisOptions> = {
  state: { maxRetriesPerRequest: 2 },
  rpc: { maxRetriesPerRequest: 2, enableAutoPipelining: true },
  blocking: { maxRetriesPerRequest: null },
  request: { connectTimeout: 2_000, maxRetriesPerRequest: 1, enableOfflineQueue: false },
  poll: { connectTimeout: 2_000, maxRetriesPerRequest: 1 },
  probe: { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null },
};

/**
 * The one way to open a Redis connection (BullMQ's go through `bullConnection`). `keyPrefix`
 * prefixes every key of this connection.
 */
export function redisConnection(url: string, purpose: RedisPurpose, extra: Pick<RedisOptions, 'keyPrefix'> = {}): Redis {
  return new Redis(redisConnectionOptions(url, purpose, extra));
}

/** The options `redisConnection` opens a connection with. */
export function redisConnectionOptions(url: string, purpose: RedisPurpose, extra: Pick<RedisOptions, 'keyPrefix'> = {}): RedisOptions {
  return { ...redisOptions(url), ...PURPOSE_OPTIONS[purpose], ...extra };
}

/**
 * Redis stream of sessions ended before their access tokens expire (logout, logout everywhere,
 * password reset, account deletion, a replayed refresh token): written by the auth service, read
 * by every gateway copy, which then refuses those sessions' access tokens.
 */
export function revokedSessionsStream(prefix: string): string {
  return `${prefix}:auth:revoked-sessions`;
}
