import { InjectQueue } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { DomainError, Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { MediaConfig } from '../config';
import { DocumentsService, type ReadStepResult } from './documents.service';

/**
 * Reads documents in steps (`media-documents`): `document.read` children read a range of a PDF's
 * pages (or a whole smaller file) in parallel, on any media copy, each with a time limit by its
 * pages; their `document.assemble` parent puts the pages together and queues the summary. A copy
 * that stops or dies mid-step leaves the step to another copy (BullMQ's lock), and a step read
 * twice counts once.
 */
// As many steps at once as a copy has reading threads.
@QueueWorker(Queues.mediaDocuments, (config: MediaConfig) => ({ concurrency: config.DOCUMENT_WORKERS }))
export class DocumentReadingProcessor extends JobProcessor {
  private readonly logger = new Logger(DocumentReadingProcessor.name);

  constructor(
    private readonly documents: DocumentsService,
    @InjectQueue(Queues.mediaDocuments) private readonly queue: Queue,
  ) {
    super();
  }

  @JobHandler(Jobs.documentRead)
  async read(job: Job<JobPayloads['document.read']>): Promise<ReadStepResult | null> {
    return this.reportingFailure(job, async () => {
      const result = await this.documents.readStep(job.data);
      if (result) await this.reportToParent(job, result.progress);
      return result;
    });
  }

  @JobHandler(Jobs.documentAssemble)
  async assemble(job: Job<JobPayloads['document.assemble']>): Promise<{ summaryJob: string | null }> {
    return this.reportingFailure(job, async () => {
      const values = Object.values(await job.getChildrenValues<ReadStepResult | null>());
      // A step answers null only for a document that is gone or no longer being read.
      if (values.some((v) => v === null)) return { summaryJob: null };
      const steps = values as ReadStepResult[];
      if (steps.length !== job.data.steps) throw new Error(`Expected ${job.data.steps} read steps, got ${steps.length}`);
      const summaryJob = await this.documents.assemble(job.data.documentId, steps);
      await job.updateProgress(100);
      return { summaryJob };
    });
  }

  /** A finished step sets its parent's progress (what `/api/jobs/:id` shows while reading). */
  private async reportToParent(job: Job, progress: number): Promise<void> {
    const parentId = job.parent?.id;
    const parent = parentId ? await this.queue.getJob(parentId) : undefined;
    if (parent) await parent.updateProgress(progress).catch(() => undefined);
  }

  /**
   * A refusal for what the file is (too complex, damaged, too long for the plan) fails the document
   * at once with its message; other errors are retried, and on the last attempt the user learns the
   * document could not be read.
   */
  private async reportingFailure<T>(job: Job<{ documentId: string }>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const refused = err instanceof DomainError;
      const last = refused || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last) {
        const message = (err as Error).message || 'The document could not be read';
        this.logger.warn(`document ${job.data.documentId}: ${job.name} failed: ${message}`);
        await this.documents.readingFailed(job.data.documentId, message, refused).catch(() => undefined);
      }
      if (refused) throw new UnrecoverableError((err as Error).message);
      throw err;
    }
  }
}
