import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LimitedThreadPool, ThreadPoolError, threadCpuMs, WALL_FACTOR, workerFile } from './thread-pool';

type Task = { blockMs?: number; spinMs?: number; allocateMb?: number; fail?: string; answer?: string; ticks?: { buffer: SharedArrayBuffer; count: number } };
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
    // The task spins until this thread's timer has ticked 5 times: it ends early only if this
    // thread went on running beside it.
    const buffer = new SharedArrayBuffer(4);
    const ticks = new Int32Array(buffer);
    const timer = setInterval(() => Atomics.add(ticks, 0, 1), 10);
    const started = Date.now();
    const result = await pool()
      .run({ spinMs: 20_000, answer: 'done', ticks: { buffer, count: 5 } }, timing(30_000))
      .finally(() => clearInterval(timer));
    expect(result).toBe('done');
    expect(Atomics.load(ticks, 0)).toBeGreaterThanOrEqual(5);
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('stops a task at its time limit, counted from when its thread began, and goes on with a fresh thread', async () => {
    const p = pool();
    const err = await p.run({ spinMs: 60_000 }, timing(300)).catch((e) => e);
    expect(err).toBeInstanceOf(ThreadPoolError);
    expect(err).toMatchObject({ reason: 'time', limitMs: 300 });
    expect(p.busy).toBe(0);
    await expect(p.run({ answer: 'next' }, timing())).resolves.toBe('next');
  });

  const linux = process.platform === 'linux';
  (linux ? it : it.skip)('counts the CPU time a task used, not the time it waited for a core, up to a bound by the clock', async () => {
    const p = pool();
    // Blocked for twice its limit without using a core: it is let finish.
    await expect(p.run({ blockMs: 600, answer: 'waited' }, timing(300))).resolves.toBe('waited');
    // Blocked past WALL_FACTOR times its limit: stopped all the same.
    const started = Date.now();
    await expect(p.run({ blockMs: 60_000 }, timing(100))).rejects.toMatchObject({ reason: 'time', limitMs: 100 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(100 * WALL_FACTOR - 50);
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it("reads a thread's CPU time from the kernel's stat line, a name with spaces and brackets included", () => {
    expect(threadCpuMs(null)).toBeNull();
    expect(threadCpuMs(join(__dirname, 'no-such-stat'))).toBeNull();
    if (linux) expect(threadCpuMs('/proc/thread-self/stat')).toBeGreaterThanOrEqual(0);
    const stat = join(mkdtempSync(join(tmpdir(), 'stat-')), 'stat');
    writeFileSync(stat, '4242 (node (a) b) R 1 4242 4242 0 -1 4194560 1 0 0 0 123 45 0 0 20 0 7 0 1 1 1\n');
    expect(threadCpuMs(stat)).toBe(1680);
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
