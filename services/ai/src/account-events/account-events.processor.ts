import { Inject, Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import { TranscriptChunksRepository, type TranscriptChunkStore } from '../transcription/transcript-chunks.repository';

/** Removes what the ai service keeps for an account that was deleted (idempotent). */
@QueueWorker(Queues.aiEvents)
export class AccountEventsProcessor extends JobProcessor {
  private readonly logger = new Logger(AccountEventsProcessor.name);

  constructor(@Inject(TranscriptChunksRepository) private readonly chunks: Pick<TranscriptChunkStore, 'deleteOwnedBy'>) {
    super();
  }

  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<JobPayloads['account.deleted']>) {
    const removed = await this.chunks.deleteOwnedBy(job.data.userId);
    this.logger.log(`account ${job.data.userId} deleted: ${removed} transcript chunk texts removed`);
    return { removed };
  }
}
