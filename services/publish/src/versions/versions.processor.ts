import { JobHandler, JobProcessor, QueueWorker } from '@visualnotes/common';
import { Jobs, Queues, type JobPayloads } from '@visualnotes/contracts';
import type { Job } from 'bullmq';
import { ProjectsRepository } from '../projects/projects.repository';
import { VersionsService } from './versions.service';

/** Keeps a version of a project once its saves have paused (see {@link VersionsService.keep}). */
@QueueWorker(Queues.publishVersions)
export class VersionsProcessor extends JobProcessor {
  constructor(
    private readonly projects: ProjectsRepository,
    private readonly versions: VersionsService,
  ) {
    super();
  }

  @JobHandler(Jobs.versionKeep)
  async keep(job: Job<JobPayloads['version.keep']>) {
    const { projectId, authorId } = job.data;
    // the project as it is now (it may have been deleted meanwhile)
    const current = await this.projects.current(projectId);
    if (current) await this.versions.keep(projectId, current.version, current.scene, authorId, 'save', 'due');
  }
}
