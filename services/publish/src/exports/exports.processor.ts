import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker, scheduleEvery, SERVICE_CONFIG } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job, Queue } from 'bullmq';
import type { PublishConfig } from '../config';
import { ExportsService } from './exports.service';

/**
 * Renders exports (see {@link ExportsService.render}); as many at once as the export pool has
 * threads. `export.sweep`, from a BullMQ job scheduler every `EXPORT_SWEEP_MS`, removes expired ones.
 */
@QueueWorker(Queues.publishExports, (config: PublishConfig) => ({ concurrency: config.EXPORT_WORKERS, lockDuration: 60_000 }))
export class ExportsProcessor extends JobProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(ExportsProcessor.name);

  constructor(
    private readonly exports: ExportsService,
    @InjectQueue(Queues.publishExports) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: PublishConfig,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleEvery(this.queue, 'export-sweep', this.config.EXPORT_SWEEP_MS, Jobs.exportSweep, this.logger);
  }

  @JobHandler(Jobs.exportSweep)
  async sweep() {
    return { removed: await this.exports.sweep() };
  }

  @JobHandler(Jobs.exportRender)
  async render(job: Job<JobPayloads['export.render']>) {
    await this.exports.render(job.data.exportId);
  }
}
