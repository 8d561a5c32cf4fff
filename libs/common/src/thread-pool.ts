import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type MessagePort, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';

/**
 * Heavy work (reading a document, cleaning a drawing) runs in worker threads, so it never holds up
 * the event loop that answers requests. This pool adds what piscina leaves to its caller: tasks
 * wait here for a free thread (so a time limit counts only the work), each task has a time limit
 * that starts when its thread begins (a fresh thread first loads its libraries), and a thread that
 * hits its time or heap limit is stopped and replaced. The time limit counts the CPU time the
 * thread used where the kernel tells it (Linux), so a task slowed by a busy machine is not taken
 * for one built to be slow; the clock still stops a task at `WALL_FACTOR` times its limit.
 * Threads run the worker through `thread-entry`, which reports when each task begins.
 */
export interface LimitedThreadPoolOptions {
  /** The worker module (see `workerFile`). */
  filename: string;
  /** Threads, i.e. tasks run at once. */
  threads: number;
  /** Heap of one thread; a task that needs more stops its thread. */
  memoryMb: number;
  /** Threads beyond the first end after this long idle, giving back their memory. */
  idleTimeoutMs: number;
}

/** Why a task was not done: no thread in time, its time limit, or its thread's heap limit. */
export type ThreadPoolFailure = 'busy' | 'time' | 'memory';

export class ThreadPoolError extends Error {
  constructor(
    readonly reason: ThreadPoolFailure,
    /** For 'time': the limit the task had once started (shorter than asked when waiting used the budget). */
    readonly limitMs = 0,
  ) {
    super(`thread pool: ${reason}`);
    this.name = 'ThreadPoolError';
  }
}

export interface ThreadTaskTiming {
  /** How long the task may wait for a free thread. */
  maxWaitMs: number;
  /** Once given a thread, how long it may take to begin (the thread may be starting); asked then. */
  startWithinMs: () => number;
  /** The time limit from the moment the thread begins, asked then (it may depend on time spent waiting). */
  limitMs: () => number;
}

/**
 * The usual timing from the moment a task is queued: it may wait `maxWaitMs` for a thread; a fresh
 * thread first loads its libraries, within what is left of that allowance; then it has `timeLimitMs`.
 */
export function waitThenLimit(maxWaitMs: number, timeLimitMs: number): ThreadTaskTiming {
  const queued = Date.now();
  return { maxWaitMs, startWithinMs: () => Math.max(0, maxWaitMs - (Date.now() - queued)) + timeLimitMs, limitMs: () => timeLimitMs };
}

/** The built worker (`name.js` next to the caller in dist), or its TypeScript loader under the tests (`name-ts.cjs`). */
export function workerFile(dir: string, name: string): string {
  const built = join(dir, `${name}.js`);
  return existsSync(built) ? built : join(dir, `${name}-ts.cjs`);
}

/** However busy the machine, a task never runs longer than this many times its limit by the clock. */
export const WALL_FACTOR = 6;

/** Linux counts a thread's CPU time in ticks of 1/100 s (USER_HZ). */
const MS_PER_TICK = 10;

/** CPU time (user and system) a thread has used, from its `/proc/.../stat`; null when it cannot be read. */
export function threadCpuMs(stat: string | null): number | null {
  if (!stat) return null;
  try {
    const text = readFileSync(stat, 'latin1');
    // The fields after the command name (which may hold spaces) start with the state, field 3.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return Number.isFinite(ticks) ? ticks * MS_PER_TICK : null;
  } catch {
    return null;
  }
}

export class LimitedThreadPool<Task extends object, Result> {
  private readonly pool: Piscina<Task & { started: MessagePort }, Result>;
  /** Tasks given a thread (one running or about to); the others wait in `waiting`. */
  private running = 0;
  private inHand = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: LimitedThreadPoolOptions) {
    this.pool = new Piscina({
      filename: workerFile(__dirname, 'thread-entry'),
      workerData: { file: options.filename },
      // One thread starts with the service, so the first task rarely waits for its libraries to load.
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: options.idleTimeoutMs,
      resourceLimits: {
        maxOldGenerationSizeMb: options.memoryMb,
        maxYoungGenerationSizeMb: Math.max(4, Math.min(64, options.memoryMb / 8)),
      },
    });
  }

  /** Tasks being worked on in a thread right now. */
  get busy(): number {
    return this.inHand;
  }

  /** Runs a task; rejects with ThreadPoolError when a limit was hit, or with the worker's own error. */
  async run(task: Task, timing: ThreadTaskTiming, transferList: Transferable[] = []): Promise<Result> {
    await this.acquire(timing.maxWaitMs);
    const abort = new AbortController();
    let timer = setTimeout(() => abort.abort(), Math.max(0, timing.startWithinMs()));
    let started = false;
    let limit = 0;
    const { port1, port2 } = new MessageChannel();
    port1.once('message', (message: { clock?: string | null }) => {
      clearTimeout(timer);
      started = true;
      this.inHand++;
      limit = Math.max(0, timing.limitMs());
      const clock = message?.clock ?? null;
      const cpuAtStart = threadCpuMs(clock);
      const begun = Date.now();
      // At the limit, a task that has used less CPU than its limit (it waited for a core) gets the
      // rest, up to WALL_FACTOR times its limit by the clock.
      const check = () => {
        const used = cpuAtStart === null ? null : threadCpuMs(clock);
        const left = used === null ? 0 : limit - (used - cpuAtStart!);
        const wallLeft = limit * WALL_FACTOR - (Date.now() - begun);
        if (left <= 0 || wallLeft <= 0) abort.abort();
        else timer = setTimeout(check, Math.max(20, Math.min(left, wallLeft)));
      };
      timer = setTimeout(check, limit);
    });
    try {
      return await this.pool.run({ ...task, started: port2 }, { transferList: [...transferList, port2], signal: abort.signal });
    } catch (err) {
      const e = err as { name?: string; code?: string };
      if (e?.name === 'AbortError') throw new ThreadPoolError(started ? 'time' : 'busy', limit);
      if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') throw new ThreadPoolError('memory');
      throw err;
    } finally {
      clearTimeout(timer);
      port1.close();
      if (started) this.inHand--;
      this.release();
    }
  }

  /** Finishes the tasks in hand, then stops the threads. */
  close(): Promise<void> {
    return this.pool.close();
  }

  private acquire(maxWaitMs: number): Promise<void> {
    if (this.running < this.options.threads) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(
        () => {
          this.waiting.splice(this.waiting.indexOf(turn), 1);
          reject(new ThreadPoolError('busy'));
        },
        Math.max(0, maxWaitMs),
      );
      this.waiting.push(turn);
    });
  }

  /** Hands the thread to the next waiting task, if any. */
  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
