import { createTestEnv, createTestRedis, type TestEnv } from '@visualnotes/testing';
import Redis from 'ioredis';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { SharedRateLimiter } from './rate-limiter';

describe('rate limiting shared through Redis', () => {
  let redis: Awaited<ReturnType<typeof createTestRedis>>;
  const clients: Redis[] = [];
  /** A connection like the gateway's (no offline queue), once it is ready. */
  const client = async () => {
    const c = new Redis(redis.url, { maxRetriesPerRequest: 1, enableOfflineQueue: false });
    clients.push(c);
    await new Promise((ready) => c.once('ready', ready));
    return c;
  };

  beforeAll(async () => {
    redis = await createTestRedis();
  });
  afterAll(async () => {
    for (const c of clients) c.disconnect();
    await redis.flush();
  });

  it('counts the hits of every gateway copy against one limit', async () => {
    const options = { max: 10, windowMs: 60_000, prefix: `${redis.prefix}:ratelimit:`, syncMs: 10 };
    const a = new SharedRateLimiter(await client(), options);
    const b = new SharedRateLimiter(await client(), options);
    const now = Date.now();
    for (let i = 0; i < 6; i++) expect(a.hit('1.2.3.4', now).allowed).toBe(true);
    await a.sync();
    // B learns A's six hits with its own first one.
    expect(b.hit('1.2.3.4', now)).toMatchObject({ allowed: true, remaining: 9 });
    await b.sync();
    const seen = [1, 2, 3, 4].map(() => b.hit('1.2.3.4', now).allowed);
    expect(seen).toEqual([true, true, true, false]);
    await b.sync();
    await a.sync();
    // A learns the total with its next hit's sync; after that it refuses as well.
    a.hit('1.2.3.4', now);
    await a.sync();
    expect(a.hit('1.2.3.4', now).allowed).toBe(false);
    // Another address and the next window are counted afresh.
    expect(a.hit('5.6.7.8', now).allowed).toBe(true);
    expect(a.hit('1.2.3.4', now + 60_000).allowed).toBe(true);
    const total = await (await client()).get(`${options.prefix}1.2.3.4:${Math.floor(now / 60_000)}`);
    expect(Number(total)).toBe(11);
    await a.close();
    await b.close();
  });

  it('counts the hits on their way to Redis: a request during a sync sees them', async () => {
    const limiter = new SharedRateLimiter(await client(), { max: 3, windowMs: 60_000, prefix: `${redis.prefix}:ratelimit:`, syncMs: 60_000 });
    const now = Date.now();
    expect(limiter.hit('9.9.9.9', now).remaining).toBe(2);
    const syncing = limiter.sync();
    // Redis has not answered yet: the first hit still counts.
    expect(limiter.hit('9.9.9.9', now).remaining).toBe(1);
    await syncing;
    expect(limiter.hit('9.9.9.9', now).remaining).toBe(0);
    expect(limiter.hit('9.9.9.9', now).allowed).toBe(false);
    await limiter.close();
  });

  it('goes on limiting on its own counts when Redis is unreachable', async () => {
    const down = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, enableOfflineQueue: false, lazyConnect: true, retryStrategy: () => null });
    down.on('error', () => undefined);
    const limiter = new SharedRateLimiter(down, { max: 3, windowMs: 60_000, prefix: 'x:', syncMs: 5 });
    const now = Date.now();
    expect([1, 2].map(() => limiter.hit('ip', now).allowed)).toEqual([true, true]);
    await limiter.sync();
    expect([1, 2].map(() => limiter.hit('ip', now).allowed)).toEqual([true, false]);
    await limiter.close();
    down.disconnect();
  });

  describe('in the gateway', () => {
    let t: TestEnv;
    let backend: Backend;
    beforeAll(async () => {
      t = await createTestEnv('ratelimit', { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' });
      backend = await startBackend(t.env, []);
    });
    afterAll(async () => {
      await backend?.close();
      await t?.cleanup();
    });

    it('answers 429 with the wait once an address used its requests, and leaves pages alone', async () => {
      // windows are fixed (multiples of 60 s): start well inside one so the count is not reset midway
      const left = 60_000 - (Date.now() % 60_000);
      if (left < 10_000) await new Promise((r) => setTimeout(r, left + 100));
      for (let i = 0; i < 3; i++) {
        const ok = await request(backend.http).get('/api/does-not-exist').expect(404);
        expect(ok.headers['x-ratelimit-limit']).toBe('3');
        expect(ok.headers['x-ratelimit-remaining']).toBe(String(2 - i));
      }
      const refused = await request(backend.http).get('/api/does-not-exist').expect(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.body.message).toMatch(/^Too many requests; please wait \d+ seconds and try again$/);
      expect(refused.headers['x-content-type-options']).toBe('nosniff');
      // Load balancers' liveness probes and pages are not counted.
      await request(backend.http).get('/api/health/live').expect(200);
      await request(backend.http).get('/').expect(200);
      await request(backend.http).get('/pricing').expect(200);
    });
  });
});
