import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '@visualnotes/contracts';
import { Piscina } from 'piscina';
import type { PublishConfig } from '../config';
import type { CleanTask } from './svg-sanitizer.worker';

export interface SnapshotPoolOptions {
  /** Worker threads, i.e. snapshots cleaned at once. */
  threads: number;
  /** Time one snapshot may take in its thread; past it the thread is stopped. */
  timeLimitMs: number;
  /** Time a snapshot may wait for a free thread. */
  maxWaitMs: number;
  /** Heap of one worker thread; a snapshot that needs more stops the thread. */
  memoryMb: number;
}

/**
 * The pool from the settings. A publish answers before the caller's RPC time-out: what is left of
 * it after cleaning (and 2 s for the rest of the request) is how long a snapshot may wait for a thread.
 */
export function snapshotPoolOptions(config: PublishConfig): SnapshotPoolOptions {
  const budget = Math.max(1_000, config.RPC_TIMEOUT_MS - 2_000);
  const timeLimitMs = Math.min(config.SNAPSHOT_CLEAN_TIMEOUT_MS, budget);
  return {
    threads: config.SNAPSHOT_WORKERS,
    timeLimitMs,
    maxWaitMs: Math.max(500, budget - timeLimitMs),
    memoryMb: config.SNAPSHOT_WORKER_MEMORY_MB,
  };
}

/** The built worker (dist) next to this file, or the TypeScript sources under the tests. */
export function workerFile(dir = __dirname): string {
  const built = join(dir, 'svg-sanitizer.worker.js');
  return existsSync(built) ? built : join(dir, 'svg-sanitizer.worker-ts.cjs');
}

/**
 * Cleans SVG snapshots in worker threads: a large drawing takes seconds of CPU, which on the event
 * loop would hold up every other request of the service. Each snapshot has a time and a memory
 * limit; one that hits either stops its thread and is refused as too large, and the pool starts a
 * fresh thread. Threads beyond the first end when idle, so the memory they took is given back.
 */
export class SnapshotPool implements OnModuleDestroy {
  private readonly logger = new Logger(SnapshotPool.name);
  private readonly pool: Piscina<CleanTask, string | null>;
  private inHand = 0;
  /** Snapshots given a thread (its own or one starting); the others wait in `waiting`. */
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: SnapshotPoolOptions) {
    this.pool = new Piscina({
      filename: workerFile(),
      // One thread is started with the service, so a publish rarely waits for jsdom to load; the
      // others end after a while idle and give back their memory.
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: 30_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(64, options.memoryMb / 8)) },
    });
  }

  /**
   * The cleaned snapshot, or null when the text is not a well-formed SVG document. jsdom with
   * DOMPurify keeps memory from earlier snapshots in its thread, so a thread that runs out of heap
   * may have been full of old work: the snapshot gets one more try on the fresh thread that replaces
   * it, and is refused as too complex only if that fails too.
   */
  async sanitize(svg: string): Promise<string | null> {
    try {
      return await this.attempt(svg);
    } catch (err) {
      if ((err as { outOfMemory?: boolean }).outOfMemory) return this.attempt(svg);
      throw err;
    }
  }

  private async attempt(svg: string): Promise<string | null> {
    const queued = Date.now();
    await this.acquire();
    // The time limit starts when the thread starts cleaning (a fresh thread first loads jsdom);
    // until then what is left of the wait allowance bounds it.
    const { timeLimitMs, maxWaitMs } = this.options;
    const abort = new AbortController();
    let timer = setTimeout(() => abort.abort(), Math.max(0, maxWaitMs - (Date.now() - queued)) + timeLimitMs);
    const { port1, port2 } = new MessageChannel();
    let started = false;
    port1.once('message', () => {
      started = true;
      this.inHand++;
      clearTimeout(timer);
      timer = setTimeout(() => abort.abort(), timeLimitMs);
    });
    try {
      return await this.pool.run({ svg, started: port2 }, { transferList: [port2], signal: abort.signal });
    } catch (err) {
      throw this.refusal(err, started);
    } finally {
      clearTimeout(timer);
      port1.close();
      if (started) this.inHand--;
      this.release();
    }
  }

  /** Snapshots being cleaned in a thread right now. */
  get cleaning(): number {
    return this.inHand;
  }

  /** Finishes the snapshots in hand, then stops the threads. */
  async close(): Promise<void> {
    await this.pool.close();
  }

  onModuleDestroy() {
    return this.close();
  }

  private refusal(err: unknown, started: boolean): Error {
    const e = err as { name?: string; code?: string; message?: string };
    // Not begun in time (a fresh thread slow to start, or the service stopping).
    if (e?.name === 'AbortError' && !started) return new DomainError('SNAPSHOTS_BUSY');
    if (e?.name === 'AbortError') {
      this.logger.warn(`A snapshot took longer than ${this.options.timeLimitMs} ms to clean; its thread was stopped`);
      return new DomainError('SNAPSHOT_TOO_COMPLEX');
    }
    if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.logger.warn(`A snapshot needed more than ${this.options.memoryMb} MB to clean; its thread was stopped`);
      return Object.assign(new DomainError('SNAPSHOT_TOO_COMPLEX'), { outOfMemory: true });
    }
    return err as Error;
  }

  /** Waits here (not in the pool) for a free thread, so the time limit counts only cleaning. */
  private acquire(): Promise<void> {
    if (this.running < this.options.threads) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const turn = () => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(new DomainError('SNAPSHOTS_BUSY'));
      }, this.options.maxWaitMs);
      this.waiting.push(turn);
    });
  }

  /** Hands the thread to the next waiting snapshot, if any. */
  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
