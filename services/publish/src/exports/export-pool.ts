import { MessageChannel } from 'node:worker_threads';
import { LimitedThreadPool, waitThenLimit, workerFile as builtOrSource } from '@visualnotes/common';
import type { PublishConfig } from '../config';
import type { ExportOutput, ExportTask, OutlineTask } from './export.worker';

export interface ExportPoolOptions {
  /** Worker threads, i.e. exports rendered at once by this copy. */
  threads: number;
  /** Time one export may take in its thread; past it the thread is stopped and the export fails. */
  timeLimitMs: number;
  /** Heap of one worker thread. */
  memoryMb: number;
}

/** How long a summary's PDF may wait for its thread, and take once it has one. */
export const OUTLINE_WAIT_MS = 10_000;
export const OUTLINE_LIMIT_MS = 20_000;

export function exportPoolOptions(config: PublishConfig): ExportPoolOptions {
  return { threads: config.EXPORT_WORKERS, timeLimitMs: config.EXPORT_TIMEOUT_MS, memoryMb: config.EXPORT_WORKER_MEMORY_MB };
}

export function workerFile(dir = __dirname): string {
  return builtOrSource(dir, 'export.worker');
}

/**
 * Renders exports in worker threads (Excalidraw's exporter under jsdom, then the PDF, PowerPoint or
 * ZIP writer): seconds to minutes of CPU that must never run on the event loop answering requests.
 * Each export has a time and a heap limit; one that hits either stops its thread (a fresh one takes
 * its place) and fails as too complex. The threads start with the first export, not the service.
 */
export class ExportPool {
  private pool: LimitedThreadPool<Omit<ExportTask, 'started'>, ExportOutput> | null = null;
  /** Summaries as PDF, asked for while the user waits: a thread of their own, not behind a board's export. */
  private outlines: LimitedThreadPool<OutlineTask, ExportOutput> | null = null;

  constructor(readonly options: ExportPoolOptions) {}

  /** Renders one export; `onProgress` hears 0–1 as pages are done. Rejects with ThreadPoolError on a limit. */
  async render(task: Omit<ExportTask, 'started' | 'progress'>, onProgress?: (share: number) => void): Promise<ExportOutput> {
    this.pool ??= new LimitedThreadPool({ filename: workerFile(), threads: this.options.threads, memoryMb: this.options.memoryMb, idleTimeoutMs: 60_000 });
    const { port1, port2 } = new MessageChannel();
    port1.on('message', (share: number) => onProgress?.(share));
    try {
      // An export waits in the BullMQ queue, not here: a thread is free whenever a job runs.
      return await this.pool.run({ ...task, progress: port2 }, waitThenLimit(this.options.timeLimitMs, this.options.timeLimitMs), [port2]);
    } finally {
      port1.close();
    }
  }

  /**
   * A summary's outline as a PDF, while its reader waits: at most OUTLINE_WAIT_MS for the thread
   * (then ThreadPoolError 'busy'), OUTLINE_LIMIT_MS to set it.
   */
  async outline(task: OutlineTask): Promise<ExportOutput> {
    this.outlines ??= new LimitedThreadPool({ filename: workerFile(), threads: 1, memoryMb: Math.min(this.options.memoryMb, 512), idleTimeoutMs: 60_000 });
    return this.outlines.run(task, waitThenLimit(OUTLINE_WAIT_MS, OUTLINE_LIMIT_MS));
  }

  async close(): Promise<void> {
    await Promise.all([this.pool?.close(), this.outlines?.close()]);
  }

  onModuleDestroy() {
    return this.close();
  }
}
