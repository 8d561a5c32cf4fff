import { Client } from 'pg';
import { redisConnection } from './redis';
import type { BaseConfig } from './config';
import { S3Storage } from './storage';

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
  const redis = redisConnection(redisUrl, 'probe');
  redis.on('error', () => undefined);
  let redisVersion: string | null = null;
  try {
    await redis.connect();
    await redis.ping();
    redisVersion = /redis_version:(\S+)/.exec(await redis.info('server'))?.[1] ?? null;
  } catch {
    missing.push(`Redis at ${where(redisUrl)} (REDIS_URL)`);
  } finally {
    redis.disconnect();
  }
  // The RPC transport pops requests in batches with BLMPOP, which Redis has since 7.0.
  if (!missing.length && redisVersion && Number(redisVersion.split('.')[0]) < 7) {
    return `Redis at ${where(redisUrl)} is version ${redisVersion}; VisualNotes needs Redis 7 or newer (REDIS_URL).`;
  }
  if (!missing.length) return null;
  return `Cannot reach ${missing.join(' or ')}: ${HOW_TO_START}, or point the variable at a running server.`;
}

const S3_SETTINGS = 'S3_BUCKET, S3_ENDPOINT (unless it is AWS), S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY';

/**
 * Checks that the file storage can serve this process. An ai worker in production reads audio
 * and documents that other machines wrote, so it needs S3: a folder on its own disk would make
 * every job fail. Returns one sentence saying what to set, or null when storage is usable.
 */
export async function checkStorage(service: string, config: BaseConfig): Promise<string | null> {
  if (config.STORAGE === 'local') {
    if (service === 'ai' && config.NODE_ENV === 'production') {
      return `The ai worker cannot use local storage in production (it reads files other machines wrote): set STORAGE=s3 and ${S3_SETTINGS}.`;
    }
    return null;
  }
  if (!config.S3_BUCKET) return `STORAGE=s3 needs a bucket: set ${S3_SETTINGS}.`;
  const storage = new S3Storage(config.S3_BUCKET, {
    endpoint: config.S3_ENDPOINT,
    region: config.S3_REGION,
    accessKeyId: config.S3_ACCESS_KEY_ID,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY,
  });
  try {
    await storage.check();
    return null;
  } catch (err) {
    const e = err as { name?: string; $metadata?: { httpStatusCode?: number } };
    const status = e.$metadata?.httpStatusCode;
    const why = status === 404 ? 'no such bucket' : status === 403 || status === 401 ? 'access denied' : status ? `HTTP ${status}` : 'no answer';
    const where = config.S3_ENDPOINT ?? `AWS region ${config.S3_REGION}`;
    return `Cannot use the S3 bucket "${config.S3_BUCKET}" at ${where} (${why}): check ${S3_SETTINGS}.`;
  }
}
