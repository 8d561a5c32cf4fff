import { Inject, Injectable, Logger } from '@nestjs/common';
import { RpcClient } from '@visualnotes/common';
import { DomainError, Patterns, PROJECT_MAX_COLLABORATORS, PublishMessages, type Collaborator, type CollaboratorRole } from '@visualnotes/contracts';
import { ProjectsRepository, type ProjectStore } from '../projects/projects.repository';
import { ProjectsService } from '../projects/projects.service';
import { collaboratorView } from './collaborator.view';
import { CollaboratorsRepository, type CollaboratorStore } from './collaborators.repository';

const memberNotFound = () => new DomainError('NOT_FOUND', PublishMessages.collaboratorNotFound);

/**
 * People a project is shared with, managed by its owner (each of them may leave). An address without an account (or not
 * yet activated) is kept as an invitation and becomes a membership when that account lists its
 * projects.
 */
@Injectable()
export class CollaboratorsService {
  private readonly logger = new Logger(CollaboratorsService.name);

  constructor(
    @Inject(CollaboratorsRepository) private readonly members: CollaboratorStore,
    @Inject(ProjectsRepository) private readonly projectRows: Pick<ProjectStore, 'titleOf'>,
    private readonly rpc: RpcClient,
    @Inject(ProjectsService) private readonly projects: Pick<ProjectsService, 'access'>,
  ) {}

  async list(ownerId: string, projectId: string): Promise<Collaborator[]> {
    await this.projects.access(ownerId, projectId, 'owner');
    return (await this.members.listOf(projectId)).map(collaboratorView);
  }

  async add(ownerId: string, projectId: string, body: { email: string; role: CollaboratorRole }, inviterName = ''): Promise<Collaborator> {
    await this.projects.access(ownerId, projectId, 'owner');
    const { user } = await this.rpc.send(Patterns.auth.userByEmail, { email: body.email, inviter_id: ownerId });
    if (user?.id === ownerId) throw new DomainError('VALIDATION_FAILED', PublishMessages.collaboratorIsOwner);
    if ((await this.members.count(projectId)) >= PROJECT_MAX_COLLABORATORS) throw new DomainError('VALIDATION_FAILED', PublishMessages.tooManyCollaborators);
    if (await this.members.has(projectId, body.email, user?.id ?? null)) throw new DomainError('CONFLICT', PublishMessages.collaboratorExists);
    try {
      const row = await this.members.add({ projectId, userId: user?.id ?? null, email: body.email, role: body.role, invitedBy: ownerId });
      await this.invite(projectId, body.email, body.role, inviterName);
      return collaboratorView(row);
    } catch (err) {
      // two owners' tabs adding the same person at once
      if ((err as { code?: string }).code === '23505') throw new DomainError('CONFLICT', PublishMessages.collaboratorExists);
      throw err;
    }
  }

  /**
   * The invitation mail, queued by the auth service (its durable mail queue retries until the mail
   * server takes it). The membership stands even when the auth service cannot be reached now.
   */
  private async invite(projectId: string, email: string, role: CollaboratorRole, inviterName: string) {
    try {
      const title = await this.projectRows.titleOf(projectId);
      await this.rpc.send(Patterns.auth.projectInvitation, {
        email,
        project_id: projectId,
        project_title: title ?? '',
        inviter_name: inviterName,
        role,
      });
    } catch (err) {
      this.logger.warn(`invitation mail for project ${projectId} not queued: ${(err as Error).message}`);
    }
  }

  async update(ownerId: string, projectId: string, memberId: string, body: { role: CollaboratorRole }): Promise<Collaborator> {
    await this.projects.access(ownerId, projectId, 'owner');
    const row = await this.members.setRole(projectId, memberId, body.role);
    if (!row) throw memberNotFound();
    return collaboratorView(row);
  }

  /** The owner removes anyone; a collaborator may leave (remove themselves). */
  async remove(callerId: string, projectId: string, memberId: string): Promise<void> {
    await this.projects.access(callerId, projectId, memberId === callerId ? 'viewer' : 'owner');
    if (!(await this.members.remove(projectId, memberId))) throw memberNotFound();
  }
}
