import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { defaultJobOptions, JobHandler, JobProcessor, RpcClient, QueueWorker } from '@visualnotes/common';
import {
  DomainError,
  Jobs,
  Patterns,
  Queues,
  type JobPayloads,
  type Summary,
  type SummaryLength,
  type SummarySection,
  type TranscriptSegment,
} from '@visualnotes/contracts';
import { UnrecoverableError, WaitingChildrenError, type Job, type Queue } from 'bullmq';
import type { AiConfig } from '../config';
import { isMapReduce, SUMMARY_PROVIDER, type SummaryInput, type SummaryProvider, type SummaryUnit } from './providers';
import { mapResults, reportToParent } from './summary-flow';

/** What one `summary.map` job returns: the sections of its part of the transcript. */
export interface VideoPartSummary {
  index: number;
  sections: SummarySection[];
}

/** The transcript lines a summary reads (lines without text left out), the same for every job of a video. */
const transcriptUnits = (segments: TranscriptSegment[]): SummaryUnit[] =>
  segments.map((s) => ({ text: s.text, start: s.start })).filter((u) => String(u.text ?? '').trim());

/**
 * Summarizes a video's transcript; the result goes back to the media service as the job's return
 * value. With a map-reduce provider (a chat model) a transcript longer than one part is a BullMQ
 * flow, as document summaries are: one `summary.map` child per part, run in parallel on any ai
 * worker with the summary's priority, then this job reduces their sections (step jobs: it waits
 * for the children without holding a worker).
 */
@QueueWorker(Queues.aiSummaries, (config: AiConfig) => ({ concurrency: config.AI_SUMMARY_CONCURRENCY }))
export class SummariesProcessor extends JobProcessor {
  private readonly logger = new Logger(SummariesProcessor.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(SUMMARY_PROVIDER) private readonly summarizer: SummaryProvider,
    @InjectQueue(Queues.aiSummaries) private readonly queue: Queue,
  ) {
    super();
  }

  private async input(videoId: string, language?: string, length?: SummaryLength): Promise<SummaryInput & { units: SummaryUnit[] }> {
    const transcript = await this.rpc.send(Patterns.media.videosTranscript, { video_id: videoId });
    return {
      title: transcript.title,
      language: transcript.language ?? language,
      units: transcriptUnits(transcript.segments),
      chapters: transcript.chapters ?? [],
      length: length ?? transcript.length ?? 'standard',
    };
  }

  @JobHandler(Jobs.summaryVideo)
  async summarizeVideo(job: Job<JobPayloads['summary.video']>, token?: string): Promise<Summary> {
    const input = await this.input(job.data.videoId, job.data.language, job.data.length);
    const provider = this.summarizer;
    try {
      const started = Date.now();
      let summary: Summary | undefined;
      if (isMapReduce(provider)) {
        const parts = job.data.step === 'reduce' ? null : provider.parts(input.units, input);
        if (parts && parts.length > 1) {
          await this.addParts(job, parts);
          await job.updateData({ ...job.data, step: 'reduce', parts: parts.length });
          this.logger.log(`video ${job.data.videoId}: summary mapped in ${parts.length} parts`);
          if (await job.moveToWaitingChildren(token!)) throw new WaitingChildrenError();
        }
        // the children are done (or every part was already done when a step ran again)
        if (!parts || parts.length > 1) {
          const results = await mapResults<VideoPartSummary>(job, parts?.length ?? job.data.parts ?? 0);
          summary = await provider.reduce(
            input,
            results.flatMap((p) => p.sections),
          );
        }
      }
      summary ??= await provider.summarize({ ...input, onProgress: (f) => job.updateProgress(Math.round(f * 100)) });
      await job.updateProgress(100);
      this.logger.log(`video ${job.data.videoId} summarized by ${provider.name} in ${Date.now() - started} ms`);
      return summary;
    } catch (err) {
      if (err instanceof DomainError) throw new UnrecoverableError(err.message);
      throw err;
    }
  }

  /** One child per part, with fixed ids (a retried step adds none twice) and the summary's priority. */
  private async addParts(job: Job<JobPayloads['summary.video']>, parts: SummaryUnit[][]) {
    const { attempts, backoff, removeOnComplete, removeOnFail } = defaultJobOptions;
    let from = 0;
    await this.queue.addBulk(
      parts.map((part, index) => {
        const data: JobPayloads['summary.map'] = {
          videoId: job.data.videoId,
          index,
          parts: parts.length,
          from,
          to: from + part.length,
          language: job.data.language,
          ...(job.data.length ? { length: job.data.length } : {}),
        };
        from += part.length;
        return {
          name: Jobs.summaryMap,
          data,
          opts: {
            attempts,
            backoff,
            removeOnComplete,
            removeOnFail,
            priority: job.opts.priority,
            jobId: `${job.id}-part-${index}`,
            parent: { id: job.id!, queue: job.queueQualifiedName },
            failParentOnFailure: true,
          },
        };
      }),
    );
  }

  @JobHandler(Jobs.summaryMap)
  async mapPart(job: Job<JobPayloads['summary.map']>): Promise<VideoPartSummary> {
    const { videoId, index, parts, from, to } = job.data;
    const input = await this.input(videoId, job.data.language, job.data.length);
    const part = input.units.slice(from, to);
    try {
      const provider = this.summarizer;
      const sections = !part.length
        ? []
        : isMapReduce(provider)
          ? await provider.mapPart(input, part)
          : (await provider.summarize({ ...input, units: part, maxSections: 4 })).sections;
      await reportToParent(this.queue, job, (done) => Math.round((100 * done) / (parts + 1)));
      return { index, sections };
    } catch (err) {
      if (err instanceof DomainError) throw new UnrecoverableError(err.message);
      throw err;
    }
  }
}
