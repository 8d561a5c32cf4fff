import { Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import { LicensesService } from '../licenses/licenses.service';

/** Spec §8: deleting an account revokes its licenses (idempotent: a second run finds nothing left). */
@QueueWorker(Queues.licenseEvents)
export class AccountEventsProcessor extends JobProcessor {
  private readonly logger = new Logger(AccountEventsProcessor.name);

  constructor(private readonly licenses: LicensesService) {
    super();
  }

  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<JobPayloads['account.deleted']>) {
    const revoked = await this.licenses.revokeAccount(job.data.userId);
    this.logger.log(`account ${job.data.userId} deleted: ${revoked} license(s) revoked`);
  }
}
