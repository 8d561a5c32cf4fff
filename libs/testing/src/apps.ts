import { createTestDatabase, createTestRedis, tempDir } from './infra';

export interface TestEnv {
  env: NodeJS.ProcessEnv;
  databaseUrl: string;
  redisUrl: string;
  redisPrefix: string;
  dataDir: string;
  /** Drops the database and empties the Redis database. */
  cleanup: () => Promise<void>;
}

/**
 * Environment for in-process integration tests: a fresh database, this worker's own Redis
 * database and a temporary data folder. Pass `env` to `createServiceApp` / `createGatewayApp`.
 */
export async function createTestEnv(label: string, extra: Record<string, string> = {}): Promise<TestEnv> {
  const db = await createTestDatabase(label);
  const redis = await createTestRedis();
  const dataDir = tempDir(label);
  return {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      // the outbox and scope routes that test accounts are made with
      TEST_ROUTES: '1',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'warn',
      RATE_LIMIT_MAX: '100000',
      ...extra,
    },
    databaseUrl: db.url,
    redisUrl: redis.url,
    redisPrefix: redis.prefix,
    dataDir,
    cleanup: async () => {
      await db.drop().catch(() => undefined);
      await redis.flush().catch(() => undefined);
    },
  };
}
