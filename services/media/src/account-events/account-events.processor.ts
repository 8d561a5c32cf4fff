import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import { AskService } from '../ask/ask.service';
import { BatchesService } from '../batches/batches.service';
import { DocumentsService } from '../documents/documents.service';
import { UploadsService } from '../uploads/uploads.service';
import { VideosService } from '../videos/videos.service';

/** Removes what the media service keeps for an account that was deleted (idempotent). */
@QueueWorker(Queues.mediaEvents)
export class AccountEventsProcessor extends JobProcessor {
  constructor(
    private readonly uploads: UploadsService,
    private readonly videos: VideosService,
    private readonly documents: DocumentsService,
    private readonly batches: BatchesService,
    private readonly ask: AskService,
  ) {
    super();
  }

  @JobHandler(Jobs.accountDeleted)
  async accountDeleted(job: Job<JobPayloads['account.deleted']>) {
    await this.batches.deleteOwnedBy(job.data.userId);
    await this.videos.deleteOwnedBy(job.data.userId);
    await this.uploads.deleteOwnedBy(job.data.userId);
    await this.documents.deleteOwnedBy(job.data.userId);
    await this.ask.deleteOwnedBy(job.data.userId);
  }
}
