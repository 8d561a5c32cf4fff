import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { LimitedThreadPool, ThreadPoolError, waitThenLimit, workerFile as builtOrSource } from '@visualnotes/common';
import { DomainError } from '@visualnotes/contracts';
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
  return builtOrSource(dir, 'svg-sanitizer.worker');
}

/**
 * Cleans SVG snapshots in worker threads: a large drawing takes seconds of CPU, which on the event
 * loop would hold up every other request of the service. Each snapshot has a time and a memory
 * limit; one that hits either stops its thread and is refused as too large, and the pool starts a
 * fresh thread. Threads beyond the first end when idle, so the memory they took is given back.
 */
export class SnapshotPool implements OnModuleDestroy {
  private readonly logger = new Logger(SnapshotPool.name);
  private readonly pool: LimitedThreadPool<CleanTask, string | null>;

  constructor(readonly options: SnapshotPoolOptions) {
    this.pool = new LimitedThreadPool({ filename: workerFile(), threads: options.threads, memoryMb: options.memoryMb, idleTimeoutMs: 30_000 });
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
      if (err instanceof ThreadPoolError && err.reason === 'memory') return this.attempt(svg).catch((again) => Promise.reject(this.refusal(again)));
      throw this.refusal(err);
    }
  }

  private attempt(svg: string): Promise<string | null> {
    // A fresh thread first loads jsdom, within what is left of the wait allowance.
    return this.pool.run({ svg }, waitThenLimit(this.options.maxWaitMs, this.options.timeLimitMs));
  }

  /** Snapshots being cleaned in a thread right now. */
  get cleaning(): number {
    return this.pool.busy;
  }

  /** Finishes the snapshots in hand, then stops the threads. */
  close(): Promise<void> {
    return this.pool.close();
  }

  onModuleDestroy() {
    return this.close();
  }

  private refusal(err: unknown): Error {
    if (!(err instanceof ThreadPoolError)) return err as Error;
    // Not begun in time (a fresh thread slow to start, or the service stopping).
    if (err.reason === 'busy') return new DomainError('SNAPSHOTS_BUSY');
    if (err.reason === 'time') this.logger.warn(`A snapshot took longer than ${this.options.timeLimitMs} ms to clean; its thread was stopped`);
    else this.logger.warn(`A snapshot needed more than ${this.options.memoryMb} MB to clean; its thread was stopped`);
    return new DomainError('SNAPSHOT_TOO_COMPLEX');
  }
}
