import { Inject, Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, STORAGE, type Storage, QueueWorker } from '@visualnotes/common';
import { isUuid, Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import { AccountDataRepository } from './account-data.repository';

/**
 * Removes what the publish service keeps for an account that was deleted (idempotent): its
 * projects with their publications, statistics, share links, collaborators and versions, its
 * memberships in others' projects, the published snapshots, and the templates it submitted.
 */
@QueueWorker(Queues.publishEvents)
export class AccountEventsProcessor extends JobProcessor {
  private readonly logger = new Logger(AccountEventsProcessor.name);

  constructor(
    private readonly data: AccountDataRepository,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {
    super();
  }

  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<JobPayloads['account.deleted']>) {
    const userId = job.data.userId;
    if (!isUuid(userId)) return; // a job payload, not checked at the RPC boundary
    const snapshots = await this.data.snapshotKeysOf(userId);
    // Pages go offline first, then the files, then the rows: a retry after a crash finishes the job.
    await this.data.takePagesOffline(userId);
    for (const key of snapshots) await this.storage.delete(key).catch(() => undefined);
    await this.data.removeAll(userId);
    this.logger.log(`account ${userId} deleted: projects, memberships, publications, share links and templates removed`);
  }
}
