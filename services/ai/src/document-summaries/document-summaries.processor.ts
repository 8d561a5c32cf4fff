import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, RpcClient, RpcError, QueueWorker } from '@visualnotes/common';
import { Jobs, Patterns, Queues, type DocumentMapPart, type JobPayloads } from '@visualnotes/contracts';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { AiConfig } from '../config';
import { SUMMARY_PROVIDER, type SummaryProvider } from '../summaries/providers/summary-provider';
import { mapResults, reportToParent } from '../summaries/summary-flow';
import { combineChunks, summarizeChunk, type DocumentChunkSummary } from './document-summarizer';

/** What a map job given several chunks (`parts`) returns: their summaries, in order. */
interface DocumentMapResult {
  index: number;
  parts: DocumentChunkSummary[];
}

/**
 * Document summaries as a BullMQ flow (`summaries/summary-flow.ts`, shared with long videos): `document.map` children summarize chunks of pages in
 * parallel (on any number of ai workers; each job a run of chunks, one after another), the `document.reduce` parent combines them and hands the
 * result to the media service, which owns the document. Premium flows carry a higher priority.
 */
@QueueWorker(Queues.aiDocuments, (config: AiConfig) => ({ concurrency: config.AI_DOCUMENT_CONCURRENCY }))
export class DocumentSummariesProcessor extends JobProcessor {
  private readonly logger = new Logger(DocumentSummariesProcessor.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(SUMMARY_PROVIDER) private readonly provider: SummaryProvider,
    @InjectQueue(Queues.aiDocuments) private readonly queue: Queue,
  ) {
    super();
  }

  @JobHandler(Jobs.documentMap)
  async map(job: Job<JobPayloads['document.map']>): Promise<DocumentChunkSummary | DocumentMapResult> {
    const { documentId, index, chunks, from, to, parts } = job.data;
    return this.reportingFailure(job, async () => {
      // one round trip to start: the pages of every chunk of the job, and the summary marked started
      const { title, pages, structured } = await this.rpc.send(Patterns.media.documentsPages, { document_id: documentId, from, to, started: true });
      const summarize = (part: DocumentMapPart) => {
        const own = parts ? pages.filter((p) => p.page >= part.from && p.page <= part.to) : pages;
        const maxSections = Math.max(1, Math.min(4, Math.ceil(own.length / 3)));
        return summarizeChunk(this.provider, { index: part.index, title, pages: own, maxSections, structured });
      };
      let result: DocumentChunkSummary | DocumentMapResult;
      if (parts) {
        const done: DocumentChunkSummary[] = [];
        // one after another: the job is one worker's share of the document
        for (const part of parts) done.push(await summarize(part));
        result = { index, parts: done };
      } else result = await summarize({ index, from, to });
      const { progress } = await this.rpc.send(Patterns.media.documentsProgress, { document_id: documentId, index, chunks, done: true });
      await reportToParent(this.queue, job, progress);
      return result;
    });
  }

  @JobHandler(Jobs.documentReduce)
  async reduce(job: Job<JobPayloads['document.reduce']>): Promise<{ sections: number }> {
    const { documentId } = job.data;
    return this.reportingFailure(job, async () => {
      const values = await mapResults<DocumentChunkSummary | DocumentMapResult>(job, job.data.chunks);
      const { title } = await this.rpc.send(Patterns.media.documentsPages, { document_id: documentId, from: 1, to: 0 });
      const summary = await combineChunks(
        this.provider,
        title,
        values.flatMap((v) => ('parts' in v ? v.parts : [v])),
      );
      await this.rpc.send(Patterns.media.documentsComplete, { document_id: documentId, summary });
      await job.updateProgress(100);
      return { sections: summary.sections.length };
    });
  }

  /** On the last attempt (or a document that is gone) the media service learns the error. */
  private async reportingFailure<T>(job: Job<{ documentId: string }>, work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (err) {
      const gone = err instanceof RpcError && err.statusCode === 404;
      const last = gone || job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
      if (last && !gone) {
        const message = (err as Error).message || 'The summary failed';
        this.logger.warn(`document ${job.data.documentId}: ${job.name} failed: ${message}`);
        await this.rpc.send(Patterns.media.documentsFail, { document_id: job.data.documentId, error: message }).catch(() => undefined);
      }
      if (gone) throw new UnrecoverableError('The document no longer exists');
      throw err;
    }
  }
}
