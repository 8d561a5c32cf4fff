import { Processor } from '@nestjs/bullmq';
import { Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { JobHandler, JobProcessor } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import type { Repository } from 'typeorm';
import { TranscriptChunk } from '../transcription/transcript-chunk.entity';

/** Removes what the ai service keeps for an account that was deleted (idempotent). */
@Processor(Queues.aiEvents)
export class AccountEventsProcessor extends JobProcessor {
  private readonly logger = new Logger(AccountEventsProcessor.name);

  constructor(@InjectRepository(TranscriptChunk) private readonly chunks: Repository<TranscriptChunk>) {
    super();
  }

  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<JobPayloads['account.deleted']>) {
    const { affected } = await this.chunks.delete({ ownerId: job.data.userId });
    this.logger.log(`account ${job.data.userId} deleted: ${affected ?? 0} transcript chunk texts removed`);
    return { removed: affected ?? 0 };
  }
}
