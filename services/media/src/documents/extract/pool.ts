import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { LimitedThreadPool, ThreadPoolError, waitThenLimit, workerFile as builtOrSource } from '@visualnotes/common';
import { DomainError, type DocumentKind } from '@visualnotes/contracts';
import type { DocumentProbe, ReadStep } from './index';
import type { ExtractedDocument, ExtractLimits } from './types';
import type { ExtractOutcome, ExtractTask } from './worker';

export interface ExtractionPoolOptions {
  /** Worker threads, i.e. documents read at once. */
  threads: number;
  /**
   * Reading steps are given time by their work, never by how long they waited for a thread: this
   * much for a step, plus `msPerPage` for each page of a PDF range, plus `msPerMb` for each MB of
   * a file read in one step. A step that takes longer is a file built to be slow.
   */
  step?: { baseMs: number; msPerPage: number; msPerMb: number };
  /** How long a whole file may be read while its sender waits (longer ones are read in steps). */
  quickMs?: number;
  /** Time one document may take in its thread; past it the thread is stopped. */
  timeLimitMs: number;
  /** Time for waiting for a thread and reading together (the caller's patience); at least 1 s of it is left for reading. */
  budgetMs: number;
  /** Heap of one worker thread; a document that needs more stops the thread. */
  memoryMb: number;
  limits: ExtractLimits;
}

/** How long a reading step may wait for a thread before it is handed back to its queue to retry. */
const STEP_WAIT_MS = 10 * 60_000;
/** How long a whole file may be read while its sender waits, and how long it may wait for a quick thread to do so. */
const QUICK_READ_MS = 3_000;
const QUICK_WAIT_MS = 1_000;

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
  /**
   * The first look at a file and pasted text run on a thread of their own: someone waits for the
   * answer, and it must never queue behind the long reading steps of other people's books.
   */
  private readonly quick: LimitedThreadPool<ExtractTask, ExtractOutcome>;

  constructor(readonly options: ExtractionPoolOptions) {
    this.pool = new LimitedThreadPool({ filename: workerFile(), threads: options.threads, memoryMb: options.memoryMb, idleTimeoutMs: 60_000 });
    this.quick = new LimitedThreadPool({ filename: workerFile(), threads: 2, memoryMb: options.memoryMb, idleTimeoutMs: 60_000 });
  }

  /** The first look at a file: its kind (checked against its claim), and a PDF's page count and title. */
  async probe(data: Buffer, file: { name?: string; declaredType?: string }): Promise<DocumentProbe> {
    const bytes = new Uint8Array(data);
    const outcome = await this.run(
      { op: 'probe', data: bytes, name: file.name, declaredType: file.declaredType, limits: this.options.limits },
      [bytes.buffer],
      this.quick,
    );
    return (outcome as { probe: DocumentProbe }).probe;
  }

  /**
   * A whole file read while its sender waits, when that is quick: null when it would take longer
   * than the first look may (or no quick thread is free soon), and the file is then read in steps.
   * A file refused for what it is (damaged, nothing to read, too much memory) is refused here.
   */
  async quickRead(data: Buffer, file: { name?: string; declaredType?: string }): Promise<ExtractedDocument | null> {
    const bytes = new Uint8Array(data);
    const task: ExtractTask = { data: bytes, name: file.name, declaredType: file.declaredType, limits: this.options.limits };
    let outcome: ExtractOutcome;
    try {
      outcome = await this.quick.run(task, waitThenLimit(QUICK_WAIT_MS, this.options.quickMs ?? QUICK_READ_MS), [bytes.buffer]);
    } catch (err) {
      if (err instanceof ThreadPoolError && (err.reason === 'busy' || err.reason === 'time')) return null;
      throw this.refusal(err);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return (outcome as { doc: ExtractedDocument }).doc;
  }

  /**
   * One reading step: PDF pages `from`..`to` (`careful`: as the first look found), or the whole of a
   * file of another kind. `onPages` hears now and then how many of a PDF range's pages with text are read.
   */
  async read(data: Buffer, kind: DocumentKind, range: { from: number; to: number; careful?: boolean }, onPages?: (read: number) => void): Promise<ReadStep> {
    const bytes = new Uint8Array(data);
    const pages = kind === 'pdf' ? range.to - range.from + 1 : 0;
    const channel = onPages && kind === 'pdf' ? new MessageChannel() : null;
    channel?.port1.on('message', (read: number) => onPages!(read));
    const task: ExtractTask = { op: 'read', data: bytes, kind, from: range.from, to: range.to, careful: range.careful, limits: this.options.limits };
    if (channel) task.progress = channel.port2;
    try {
      const outcome = await this.runStep(
        task,
        channel ? [bytes.buffer, channel.port2] : [bytes.buffer],
        this.stepLimit(pages, kind === 'pdf' ? 0 : data.length),
      );
      return (outcome as { step: ReadStep }).step;
    } finally {
      channel?.port1.close();
    }
  }

  /** The document from its read steps: headings across every page, then cleaning. */
  async finish(data: Buffer, kind: DocumentKind, steps: ReadStep[]): Promise<ExtractedDocument> {
    const bytes = new Uint8Array(data);
    const pages = steps.reduce((n, s) => n + s.pages.length, 0);
    const outcome = await this.runStep({ op: 'finish', data: bytes, kind, steps, limits: this.options.limits }, [bytes.buffer], this.stepLimit(pages / 10, 0));
    return (outcome as { doc: ExtractedDocument }).doc;
  }

  /** The time a step may read: by its pages and bytes (see `step`). */
  private stepLimit(pages: number, bytes: number): number {
    const step = this.options.step ?? { baseMs: this.options.timeLimitMs, msPerPage: 2_000, msPerMb: 3_000 };
    return Math.round(step.baseMs + pages * step.msPerPage + (bytes / (1024 * 1024)) * step.msPerMb);
  }

  /**
   * A reading step waits for a thread as long as it takes (its job holds a place in the queue, and
   * the queue's workers are no more than the threads), then has its own time limit.
   */
  private async runStep(task: ExtractTask, transferList: Transferable[], limitMs: number): Promise<ExtractOutcome> {
    let outcome: ExtractOutcome;
    try {
      outcome = await this.pool.run(task, waitThenLimit(STEP_WAIT_MS, limitMs), transferList);
    } catch (err) {
      if (err instanceof ThreadPoolError && err.reason === 'busy') throw new DomainError('DOCUMENTS_BUSY');
      throw this.refusal(err);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return outcome;
  }

  /** The pages of a whole file in one go (its kind detected from its content). */
  async extract(data: Buffer, file: { name?: string; declaredType?: string }): Promise<ExtractedDocument> {
    // A copy is moved to the thread: the caller keeps its buffer (which may share memory with others).
    const bytes = new Uint8Array(data);
    const outcome = await this.run({ data: bytes, name: file.name, declaredType: file.declaredType, limits: this.options.limits }, [bytes.buffer]);
    return (outcome as { doc: ExtractedDocument }).doc;
  }

  /** The parts of pasted text. */
  async text(text: string): Promise<ExtractedDocument> {
    const outcome = await this.run({ text, limits: this.options.limits }, [], this.quick);
    return (outcome as { doc: ExtractedDocument }).doc;
  }

  /** Finishes the documents in hand, then stops the threads. */
  async close(): Promise<void> {
    await Promise.all([this.pool.close(), this.quick.close()]);
  }

  onModuleDestroy() {
    return this.close();
  }

  private async run(task: ExtractTask, transferList: Transferable[] = [], pool = this.pool): Promise<ExtractOutcome> {
    const { timeLimitMs, budgetMs } = this.options;
    const queued = Date.now();
    // Waiting and reading share the budget: the time limit starts when the thread starts reading
    // (a fresh thread first loads the parsers) and ends within the budget.
    const left = () => budgetMs - (Date.now() - queued);
    let outcome: ExtractOutcome;
    try {
      outcome = await pool.run(task, { maxWaitMs: budgetMs - 1_000, startWithinMs: left, limitMs: () => Math.min(timeLimitMs, left()) }, transferList);
    } catch (err) {
      throw this.refusal(err);
    }
    if (!outcome.ok) throw new DomainError(outcome.code, outcome.message);
    return outcome;
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
