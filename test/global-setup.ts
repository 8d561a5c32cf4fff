import { checkDependencies } from '../libs/common/src/preflight';
import { documentFixtures } from '../libs/testing/src/documents';

/**
 * Tests use the PostgreSQL and Redis already running (DATABASE_URL / REDIS_URL or localhost).
 * Only where neither is reachable and a Docker engine is, they are started with testcontainers.
 */
export default async function globalSetup() {
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  makeDocuments();
  const problem = await checkDependencies(databaseUrl, redisUrl);
  if (!problem) return;
  const docker = await import('testcontainers').catch(() => null);
  let engine = false;
  if (docker) {
    engine = await docker.getContainerRuntimeClient().then(
      () => true,
      () => false,
    );
  }
  if (!docker || !engine) throw new Error(problem);
  const pg = await new docker.GenericContainer('postgres:16-alpine')
    .withEnvironment({ POSTGRES_HOST_AUTH_METHOD: 'trust' })
    .withExposedPorts(5432)
    .withWaitStrategy(docker.Wait.forLogMessage(/ready to accept connections/, 2))
    .start();
  const redis = await new docker.GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
  process.env.DATABASE_URL = `postgres://postgres@${pg.getHost()}:${pg.getMappedPort(5432)}/postgres`;
  process.env.REDIS_URL = `redis://${redis.getHost()}:${redis.getMappedPort(6379)}`;
  (globalThis as Record<string, unknown>).__containers = [pg, redis];
}

/**
 * The documents LibreOffice, qpdf, ffmpeg and Chromium make for the tests are made here, before
 * any test starts: minutes the first time (and when their sources or LibreOffice change), then
 * read back from the cache, so no test waits for them under its time limit.
 */
function makeDocuments() {
  try {
    documentFixtures().otherOffice();
  } catch (err) {
    // Only the tests that read these documents need the tools; they fail with the same error.
    console.warn(`\nThe test documents could not be made: ${(err as Error).message}`);
  }
}
