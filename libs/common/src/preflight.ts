import { Client } from 'pg';
import Redis from 'ioredis';

const HOW_TO_START = 'start them with `docker compose up -d postgres redis`';

function where(url: string) {
  const u = new URL(url);
  return `${u.hostname}:${u.port || (u.protocol.startsWith('redis') ? 6379 : 5432)}`;
}

/**
 * Checks that PostgreSQL and Redis answer. Returns one sentence saying what is missing and how to
 * start it, or null when both are there.
 */
export async function checkDependencies(databaseUrl: string, redisUrl: string): Promise<string | null> {
  const missing: string[] = [];
  const pg = new Client({ connectionString: databaseUrl.replace(/\/[^/?]*(\?|$)/, '/postgres$1'), connectionTimeoutMillis: 3_000 });
  try {
    await pg.connect();
    await pg.query('SELECT 1');
  } catch {
    missing.push(`PostgreSQL at ${where(databaseUrl)} (DATABASE_URL)`);
  } finally {
    await pg.end().catch(() => undefined);
  }
  const redis = new Redis(redisUrl, { lazyConnect: true, connectTimeout: 3_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
  } catch {
    missing.push(`Redis at ${where(redisUrl)} (REDIS_URL)`);
  } finally {
    redis.disconnect();
  }
  if (!missing.length) return null;
  return `Cannot reach ${missing.join(' or ')}: ${HOW_TO_START}, or point the variable at a running server.`;
}
