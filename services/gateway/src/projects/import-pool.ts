import { availableParallelism } from 'node:os';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { LimitedThreadPool, ThreadPoolError, waitThenLimit, workerFile as builtOrSource } from '@visualnotes/common';
import { DomainError, PublishMessages } from '@visualnotes/contracts';
import type { ImportedScene, ImportOutcome, ImportTask } from './import.worker';

export interface ImportPoolOptions {
  /** Worker threads, i.e. files read at once. */
  threads: number;
  /** Time one file may take in its thread; past it the thread is stopped. */
  timeLimitMs: number;
  /** Time a file may wait for a free thread. */
  maxWaitMs: number;
  /** Heap of one worker thread; a file that needs more stops the thread. */
  memoryMb: number;
}

/**
 * The largest file (50 MB of JSON, images included) is read in about a second; its text, the
 * parsed value and the image bytes take some 250 MB. Imports are rare next to everything else
 * the gateway does, so two threads at most.
 */
export const IMPORT_POOL_OPTIONS: ImportPoolOptions = {
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  timeLimitMs: 15_000,
  maxWaitMs: 10_000,
  memoryMb: 512,
};

/** The built worker (dist) next to this file, or the TypeScript sources under the tests. */
export function workerFile(dir = __dirname): string {
  return builtOrSource(dir, 'import.worker');
}

/**
 * Reads imported drawing files in worker threads (see import.worker.ts), so unpacking, parsing and
 * restoring never hold up the event loop that answers requests. Each file has a time and a memory
 * limit; one that hits either stops its thread and is refused as too large, and the pool starts a
 * fresh thread. The threads start with the first file (most gateways never import one); threads
 * beyond the first end when idle, and the gateway's shutdown finishes the files in hand and stops them.
 */
export class ImportPool implements OnModuleDestroy {
  private readonly logger = new Logger(ImportPool.name);
  private started?: LimitedThreadPool<ImportTask, ImportOutcome>;

  constructor(readonly options: ImportPoolOptions) {}

  private get pool(): LimitedThreadPool<ImportTask, ImportOutcome> {
    const { threads, memoryMb } = this.options;
    return (this.started ??= new LimitedThreadPool({ filename: workerFile(), threads, memoryMb, idleTimeoutMs: 60_000 }));
  }

  /**
   * The restored drawing of an uploaded file; throws DomainError with the user-facing refusal.
   * `file` is handed over: when it has its memory to itself (an upload joined with Buffer.concat
   * does), that memory is moved to the thread, since copying 50 MB would itself hold up the event
   * loop; a file sharing memory with others is copied.
   */
  async read(file: Buffer): Promise<ImportedScene> {
    const own = file.buffer instanceof ArrayBuffer && file.byteOffset === 0 && file.byteLength === file.buffer.byteLength;
    const data = own ? new Uint8Array(file.buffer) : new Uint8Array(file);
    let outcome: ImportOutcome;
    try {
      outcome = await this.pool.run({ data }, waitThenLimit(this.options.maxWaitMs, this.options.timeLimitMs), [data.buffer]);
    } catch (err) {
      throw this.refusal(err);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return { elements: outcome.elements, appState: outcome.appState, images: outcome.images };
  }

  /** Files being read in a thread right now. */
  get reading(): number {
    return this.started?.busy ?? 0;
  }

  /** Finishes the files in hand, then stops the threads. */
  async close(): Promise<void> {
    await this.started?.close();
  }

  onModuleDestroy() {
    return this.close();
  }

  private refusal(err: unknown): Error {
    if (!(err instanceof ThreadPoolError)) return err as Error;
    if (err.reason === 'busy') return new DomainError('SERVICE_UNAVAILABLE');
    if (err.reason === 'time') this.logger.warn(`An imported file took longer than ${this.options.timeLimitMs} ms to read; its thread was stopped`);
    else this.logger.warn(`An imported file needed more than ${this.options.memoryMb} MB to read; its thread was stopped`);
    return new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
  }
}
