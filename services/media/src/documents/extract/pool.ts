import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { DomainError } from '@visualnotes/contracts';
import { Piscina } from 'piscina';
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
  const built = join(dir, 'worker.js');
  return existsSync(built) ? built : join(dir, 'worker-ts.cjs');
}

/**
 * Reads documents in worker threads, so parsing never holds up the event loop that answers
 * requests (and sends the service's heartbeat). Each document has a time and a memory limit; a
 * document that hits one stops its thread and gets a clear refusal, and the pool starts a fresh one.
 * Documents wait here (not in the pool) for a free thread, so the time limit counts only reading.
 */
export class ExtractionPool implements OnModuleDestroy {
  private readonly logger = new Logger(ExtractionPool.name);
  private readonly pool: Piscina<ExtractTask, ExtractOutcome>;
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly options: ExtractionPoolOptions) {
    this.pool = new Piscina({
      filename: workerFile(),
      minThreads: 1,
      maxThreads: options.threads,
      idleTimeout: 60_000,
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(64, options.memoryMb / 8)) },
    });
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
  async close(): Promise<void> {
    await this.pool.close();
  }

  onModuleDestroy() {
    return this.close();
  }

  private async run(task: ExtractTask, transferList: Transferable[] = []): Promise<ExtractedDocument> {
    const { timeLimitMs, budgetMs } = this.options;
    const queued = Date.now();
    await this.acquire(budgetMs - 1_000);
    // The time limit starts when the thread starts reading (a fresh thread first loads the
    // parsers), and the whole stays within the budget. A document stopped before it could read for
    // half its own limit was kept waiting: the user is told to try again, not that it is too complex.
    const left = () => budgetMs - (Date.now() - queued);
    let limit = left();
    const abort = new AbortController();
    let timer = setTimeout(() => abort.abort(), limit);
    const { port1, port2 } = new MessageChannel();
    let started = false;
    port1.once('message', () => {
      started = true;
      clearTimeout(timer);
      limit = Math.min(timeLimitMs, left());
      timer = setTimeout(() => abort.abort(), limit);
    });
    let outcome: ExtractOutcome;
    try {
      outcome = await this.pool.run({ ...task, started: port2 }, { transferList: [...transferList, port2], signal: abort.signal });
    } catch (err) {
      if ((err as Error)?.name === 'AbortError' && (!started || limit < timeLimitMs / 2)) throw new DomainError('DOCUMENTS_BUSY');
      throw this.limitHit(err);
    } finally {
      clearTimeout(timer);
      port1.close();
      this.release();
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return outcome.doc;
  }

  private limitHit(err: unknown): Error {
    const e = err as { name?: string; code?: string; message?: string };
    if (e?.name === 'AbortError') {
      this.logger.warn(`A document took longer than ${this.options.timeLimitMs} ms to read; its thread was stopped`);
      return new DomainError('DOCUMENT_TOO_COMPLEX');
    }
    if (e?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      this.logger.warn(`A document needed more than ${this.options.memoryMb} MB to read; its thread was stopped`);
      return new DomainError('DOCUMENT_TOO_COMPLEX');
    }
    return err as Error;
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
      const timer = setTimeout(() => {
        this.waiting.splice(this.waiting.indexOf(turn), 1);
        reject(new DomainError('DOCUMENTS_BUSY'));
      }, Math.max(0, maxWaitMs));
      this.waiting.push(turn);
    });
  }

  /** Hands the thread to the next waiting document, if any. */
  private release() {
    const next = this.waiting.shift();
    if (next) next();
    else this.running--;
  }
}
