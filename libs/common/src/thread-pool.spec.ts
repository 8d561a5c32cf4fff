import { join } from 'node:path';
import { LimitedThreadPool, ThreadPoolError, workerFile } from './thread-pool';

type Task = { spinMs?: number; allocateMb?: number; fail?: string; answer?: string };
const timing = (limitMs = 5_000, maxWaitMs = 5_000) => ({ maxWaitMs, startWithinMs: () => 10_000, limitMs: () => limitMs });

describe('the limited thread pool', () => {
  const pools: LimitedThreadPool<Task, unknown>[] = [];
  const pool = (threads = 1, memoryMb = 64) => {
    const p = new LimitedThreadPool<Task, unknown>({ filename: join(__dirname, 'thread-pool.test-worker.cjs'), threads, memoryMb, idleTimeoutMs: 1_000 });
    pools.push(p);
    return p;
  };
  afterAll(() => Promise.all(pools.map((p) => p.close())));

  it('runs a task in a thread, without blocking this one', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const result = await pool()
      .run({ spinMs: 300, answer: 'done' }, timing())
      .finally(() => clearInterval(timer));
    expect(result).toBe('done');
    expect(ticks).toBeGreaterThan(5);
  });

  it('stops a task at its time limit, counted from when its thread began, and goes on with a fresh thread', async () => {
    const p = pool();
    const err = await p.run({ spinMs: 60_000 }, timing(300)).catch((e) => e);
    expect(err).toBeInstanceOf(ThreadPoolError);
    expect(err).toMatchObject({ reason: 'time', limitMs: 300 });
    expect(p.busy).toBe(0);
    await expect(p.run({ answer: 'next' }, timing())).resolves.toBe('next');
  });

  it('stops a task that needs more heap than its thread has', async () => {
    const p = pool(1, 32);
    await expect(p.run({ allocateMb: 512 }, timing(30_000))).rejects.toMatchObject({ reason: 'memory' });
    await expect(p.run({ answer: 'after' }, timing())).resolves.toBe('after');
  });

  it('tells a task that found no free thread in time that the pool is busy, and serves waiting tasks in order', async () => {
    const p = pool();
    const first = p.run({ spinMs: 400, answer: 'first' }, timing());
    const refused = p.run({ answer: 'late' }, timing(5_000, 50)).catch((e) => e);
    const second = p.run({ answer: 'second' }, timing(5_000, 5_000));
    expect(await refused).toMatchObject({ reason: 'busy' });
    await expect(first).resolves.toBe('first');
    await expect(second).resolves.toBe('second');
  });

  it("passes the worker's own errors through", async () => {
    await expect(pool().run({ fail: 'broken file' }, timing())).rejects.toThrow('broken file');
  });

  it('uses the built worker when there is one, else its TypeScript loader', () => {
    expect(workerFile(__dirname, 'thread-pool')).toBe(join(__dirname, 'thread-pool-ts.cjs'));
    expect(workerFile(join(__dirname, '..', 'dist'), 'index')).toMatch(/index\.js$/);
  });
});
