import type { Transferable } from 'node:worker_threads';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { LimitedThreadPool, ThreadPoolError, workerFile as builtOrSource } from '@visualnotes/common';
import { DomainError } from '@visualnotes/contracts';
import type { ExtractedDocument, ExtractLimits } from './types';
import type { ExtractOutcome, ExtractTask } from './worker';

export interface ExtractionPoolOptions {
  /** Worker threads, i.e. documents read at once. */
  threads: number;
  /** Time one document may take in its thread; past it the thread is stopped. */
  timeLimitMs: number;
  /** Time for waiting for a thread and reading together (the caller's patience); at least 1 s of it is left for reading. */
  budgetMs: number;
  /** Heap of one worker thread; a document that needs more stops the thread. */
  memoryMb: number;
  limits: ExtractLimits;
}

/** The built worker (dist) next to this file, or the TypeScript sources under the tests. */
export function workerFile(dir = __dirname): string {
  return builtOrSource(dir, 'worker');
}

/**
 * Reads documents in worker threads, so parsing never holds up the event loop that answers
 * requests (and sends the service's heartbeat). Each document has a time and a memory limit; a
 * document that hits one stops its thread and gets a clear refusal, and the pool starts a fresh one.
 */
export class ExtractionPool implements OnModuleDestroy {
  private readonly logger = new Logger(ExtractionPool.name);
  private readonly pool: LimitedThreadPool<ExtractTask, ExtractOutcome>;

  constructor(readonly options: ExtractionPoolOptions) {
    this.pool = new LimitedThreadPool({ filename: workerFile(), threads: options.threads, memoryMb: options.memoryMb, idleTimeoutMs: 60_000 });
  }

  /** The pages of a file (its kind detected from its content). */
  extract(data: Buffer, file: { name?: string; declaredType?: string }): Promise<ExtractedDocument> {
    // A copy is moved to the thread: the caller keeps its buffer (which may share memory with others).
    const bytes = new Uint8Array(data);
    return this.run({ data: bytes, name: file.name, declaredType: file.declaredType, limits: this.options.limits }, [bytes.buffer]);
  }

  /** The parts of pasted text. */
  text(text: string): Promise<ExtractedDocument> {
    return this.run({ text, limits: this.options.limits });
  }

  /** Finishes the documents in hand, then stops the threads. */
  close(): Promise<void> {
    return this.pool.close();
  }

  onModuleDestroy() {
    return this.close();
  }

  private async run(task: ExtractTask, transferList: Transferable[] = []): Promise<ExtractedDocument> {
    const { timeLimitMs, budgetMs } = this.options;
    const queued = Date.now();
    // Waiting and reading share the budget: the time limit starts when the thread starts reading
    // (a fresh thread first loads the parsers) and ends within the budget.
    const left = () => budgetMs - (Date.now() - queued);
    let outcome: ExtractOutcome;
    try {
      outcome = await this.pool.run(task, { maxWaitMs: budgetMs - 1_000, startWithinMs: left, limitMs: () => Math.min(timeLimitMs, left()) }, transferList);
    } catch (err) {
      throw this.refusal(err);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return outcome.doc;
  }

  private refusal(err: unknown): Error {
    if (!(err instanceof ThreadPoolError)) return err as Error;
    // A document stopped before it could read for half its own limit was kept waiting: the user is
    // told to try again, not that it is too complex.
    if (err.reason === 'busy' || (err.reason === 'time' && err.limitMs < this.options.timeLimitMs / 2)) return new DomainError('DOCUMENTS_BUSY');
    if (err.reason === 'time') this.logger.warn(`A document took longer than ${this.options.timeLimitMs} ms to read; its thread was stopped`);
    else this.logger.warn(`A document needed more than ${this.options.memoryMb} MB to read; its thread was stopped`);
    return new DomainError('DOCUMENT_TOO_COMPLEX');
  }
}
