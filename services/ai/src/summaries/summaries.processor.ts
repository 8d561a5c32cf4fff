import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, RpcClient } from '@visualnotes/common';
import { DomainError, Jobs, Patterns, Queues, type JobPayloads, type Summary } from '@visualnotes/contracts';
import { UnrecoverableError, type Job } from 'bullmq';
import { SUMMARY_PROVIDER, type SummaryProvider } from './providers';

/** Summarizes a video's transcript; the result goes back to the media service as the job's return value. */
@Processor(Queues.aiSummaries, { concurrency: Number(process.env.AI_SUMMARY_CONCURRENCY ?? 2) })
export class SummariesProcessor extends JobProcessor {
  private readonly logger = new Logger(SummariesProcessor.name);

  constructor(
    private readonly rpc: RpcClient,
    @Inject(SUMMARY_PROVIDER) private readonly summarizer: SummaryProvider,
  ) {
    super();
  }

  @JobHandler(Jobs.summaryVideo)
  async summarizeVideo(job: Job<JobPayloads['summary.video']>): Promise<Summary> {
    const transcript = await this.rpc.send(Patterns.media.videosTranscript, { video_id: job.data.videoId });
    try {
      const started = Date.now();
      const summary = await this.summarizer.summarize({
        title: transcript.title,
        language: transcript.language ?? job.data.language,
        units: transcript.segments.map((s) => ({ text: s.text, start: s.start })),
        onProgress: (f) => job.updateProgress(Math.round(f * 100)),
      });
      this.logger.log(`video ${job.data.videoId} summarized by ${this.summarizer.name} in ${Date.now() - started} ms`);
      return summary;
    } catch (err) {
      if (err instanceof DomainError) throw new UnrecoverableError(err.message);
      throw err;
    }
  }
}
