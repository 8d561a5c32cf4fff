import { Processor } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { JobHandler, JobProcessor, STORAGE, type Storage } from '@visualnotes/common';
import { isUuid, Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import type { DataSource } from 'typeorm';

/**
 * Removes what the publish service keeps for an account that was deleted (idempotent): its
 * projects with their publications, statistics, share links, collaborators and versions, its
 * memberships in others' projects, the published snapshots, and the templates it submitted.
 */
@Processor(Queues.publishEvents)
export class AccountEventsProcessor extends JobProcessor {
  private readonly logger = new Logger(AccountEventsProcessor.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {
    super();
  }

  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<JobPayloads['account.deleted']>) {
    const userId = job.data.userId;
    if (!isUuid(userId)) return; // a job payload, not checked at the RPC boundary
    const snapshots: { snapshot_key: string | null }[] = await this.db.query(
      `SELECT snapshot_key FROM "publish"."publications" WHERE owner_id = $1 AND snapshot_key IS NOT NULL`,
      [userId],
    );
    // Pages go offline first, then the files, then the rows: a retry after a crash finishes the job.
    await this.db.query(`UPDATE "publish"."publications" SET unpublished_at = now() WHERE owner_id = $1 AND unpublished_at IS NULL`, [userId]);
    for (const s of snapshots) await this.storage.delete(s.snapshot_key!).catch(() => undefined);
    await this.db.transaction(async (m) => {
      await m.query(`DELETE FROM "publish"."shares" WHERE owner_id = $1`, [userId]);
      // memberships in other people's projects go; the versions they made stay, without their name
      await m.query(`DELETE FROM "publish"."project_members" WHERE user_id = $1`, [userId]);
      await m.query(`UPDATE "publish"."project_versions" SET author_id = NULL WHERE author_id = $1`, [userId]);
      await m.query(`DELETE FROM "publish"."projects" WHERE owner_id = $1`, [userId]);
      await m.query(`DELETE FROM "publish"."templates" WHERE author_id = $1`, [userId]);
    });
    this.logger.log(`account ${userId} deleted: projects, memberships, publications, share links and templates removed`);
  }
}
