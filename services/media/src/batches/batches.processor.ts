import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker, scheduleEvery, SERVICE_CONFIG } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job, Queue } from 'bullmq';
import type { MediaConfig } from '../config';
import { BatchesService } from './batches.service';

/**
 * Moves batches forward: `batch.advance` after a batch is made or retried and whenever one of its
 * videos ends; `batch.sweep` from a BullMQ job scheduler every `BATCH_SWEEP_MS`, which resumes
 * running batches after a restart of the whole stack.
 */
@QueueWorker(Queues.mediaBatches, { concurrency: 2 })
export class BatchesProcessor extends JobProcessor implements OnApplicationBootstrap {
  private readonly logger = new Logger(BatchesProcessor.name);

  constructor(
    private readonly batches: BatchesService,
    @InjectQueue(Queues.mediaBatches) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
  ) {
    super();
  }

  async onApplicationBootstrap() {
    await scheduleEvery(this.queue, 'batch-sweep', this.config.BATCH_SWEEP_MS, Jobs.batchSweep, this.logger);
    // a copy that starts resumes what the last one left (the scheduler's first run may be a while off)
    await this.batches.sweep().catch((err: Error) => this.logger.warn(`batch sweep failed: ${err.message}`));
  }

  @JobHandler(Jobs.batchAdvance)
  advance(job: Job<JobPayloads['batch.advance']>) {
    return this.batches.advance(job.data.ownerId);
  }

  @JobHandler(Jobs.batchSweep)
  async sweep() {
    return { owners: await this.batches.sweep() };
  }
}
