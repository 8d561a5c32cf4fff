import type { RedisOptions } from 'ioredis';

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
 * Redis stream of sessions ended before their access tokens expire (logout, logout everywhere,
 * password reset, account deletion, a replayed refresh token): written by the auth service, read
 * by every gateway copy, which then refuses those sessions' access tokens.
 */
export function revokedSessionsStream(prefix: string): string {
  return `${prefix}:auth:revoked-sessions`;
}
