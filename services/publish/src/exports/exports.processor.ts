import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import type { PublishConfig } from '../config';
import { ExportsService } from './exports.service';

/** Renders exports (see {@link ExportsService.render}); as many at once as the export pool has threads. */
@QueueWorker(Queues.publishExports, (config: PublishConfig) => ({ concurrency: config.EXPORT_WORKERS, lockDuration: 60_000 }))
export class ExportsProcessor extends JobProcessor {
  constructor(private readonly exports: ExportsService) {
    super();
  }

  @JobHandler(Jobs.exportRender)
  async render(job: Job<JobPayloads['export.render']>) {
    await this.exports.render(job.data.exportId);
  }
}
