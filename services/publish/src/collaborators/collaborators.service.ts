import { Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RpcClient } from '@visualnotes/common';
import { DomainError, Patterns, PROJECT_MAX_COLLABORATORS, PublishMessages, type Collaborator, type CollaboratorRole } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { iso } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';

interface MemberRow {
  id: string;
  user_id: string | null;
  email: string;
  role: CollaboratorRole;
  created_at: Date;
}
const COLUMNS = `id, user_id, email, role, created_at`;

const view = (r: MemberRow): Collaborator => ({
  id: r.user_id ?? r.id,
  user_id: r.user_id,
  email: r.email,
  role: r.role,
  pending: r.user_id === null,
  created_at: iso(r.created_at),
});

const memberNotFound = () => new DomainError('NOT_FOUND', PublishMessages.collaboratorNotFound);

/**
 * People a project is shared with, managed by its owner. An address without an account (or not
 * yet activated) is kept as an invitation and becomes a membership when that account lists its
 * projects.
 */
@Injectable()
export class CollaboratorsService {
  private readonly logger = new Logger(CollaboratorsService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rpc: RpcClient,
    private readonly projects: ProjectsService,
  ) {}

  async list(ownerId: string, projectId: string): Promise<Collaborator[]> {
    await this.projects.access(ownerId, projectId, 'owner');
    const rows: MemberRow[] = await this.db.query(`SELECT ${COLUMNS} FROM "publish"."project_members" WHERE project_id = $1 ORDER BY created_at`, [projectId]);
    return rows.map(view);
  }

  async add(ownerId: string, projectId: string, body: { email: string; role: CollaboratorRole }, inviterName = ''): Promise<Collaborator> {
    await this.projects.access(ownerId, projectId, 'owner');
    const { user } = await this.rpc.send(Patterns.auth.userByEmail, { email: body.email });
    if (user?.id === ownerId) throw new DomainError('VALIDATION_FAILED', PublishMessages.collaboratorIsOwner);
    const [{ count }]: { count: string }[] = await this.db.query(`SELECT count(*) AS count FROM "publish"."project_members" WHERE project_id = $1`, [
      projectId,
    ]);
    if (Number(count) >= PROJECT_MAX_COLLABORATORS) throw new DomainError('VALIDATION_FAILED', PublishMessages.tooManyCollaborators);
    const exists: unknown[] = await this.db.query(`SELECT 1 FROM "publish"."project_members" WHERE project_id = $1 AND (email = $2 OR user_id = $3)`, [
      projectId,
      body.email,
      user?.id ?? null,
    ]);
    if (exists.length) throw new DomainError('CONFLICT', PublishMessages.collaboratorExists);
    try {
      const [row]: MemberRow[] = await this.db.query(
        `INSERT INTO "publish"."project_members" (project_id, user_id, email, role, invited_by, accepted_at)
         VALUES ($1, $2, $3, $4, $5, CASE WHEN $2::uuid IS NULL THEN NULL ELSE now() END) RETURNING ${COLUMNS}`,
        [projectId, user?.id ?? null, body.email, body.role, ownerId],
      );
      await this.invite(projectId, body.email, body.role, inviterName);
      return view(row);
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
      const [project]: { title: string }[] = await this.db.query(`SELECT title FROM "publish"."projects" WHERE id = $1`, [projectId]);
      await this.rpc.send(Patterns.auth.projectInvitation, {
        email,
        project_id: projectId,
        project_title: project?.title ?? '',
        inviter_name: inviterName,
        role,
      });
    } catch (err) {
      this.logger.warn(`invitation mail for project ${projectId} not queued: ${(err as Error).message}`);
    }
  }

  async update(ownerId: string, projectId: string, memberId: string, body: { role: CollaboratorRole }): Promise<Collaborator> {
    await this.projects.access(ownerId, projectId, 'owner');
    const [[row]] = (await this.db.query(
      `UPDATE "publish"."project_members" SET role = $3
        WHERE project_id = $1 AND (user_id = $2 OR (user_id IS NULL AND id = $2)) RETURNING ${COLUMNS}`,
      [projectId, memberId, body.role],
    )) as [MemberRow[], number];
    if (!row) throw memberNotFound();
    return view(row);
  }

  async remove(ownerId: string, projectId: string, memberId: string): Promise<void> {
    await this.projects.access(ownerId, projectId, 'owner');
    const [, count] = (await this.db.query(
      `DELETE FROM "publish"."project_members" WHERE project_id = $1 AND (user_id = $2 OR (user_id IS NULL AND id = $2))`,
      [projectId, memberId],
    )) as [unknown, number];
    if (!count) throw memberNotFound();
  }
}
