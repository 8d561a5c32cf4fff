import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { publicUrl, SERVICE_CONFIG, type BaseConfig } from '@visualnotes/common';
import { DomainError, PublishMessages, type SharedItem, type ShareLink } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { iso, isToken, newToken } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';

/** Read-only links to a project (its live scene) without publishing it; revoking ends them at once. */
@Injectable()
export class SharesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: BaseConfig,
    private readonly projects: ProjectsService,
  ) {}

  private link(row: { id: string; created_at: Date }): ShareLink {
    return { share_id: row.id, url: `${publicUrl(this.config)}/share/${row.id}`, created_at: iso(row.created_at) };
  }

  /** The project's active link, or a new one. */
  async create(ownerId: string, projectId: string): Promise<ShareLink> {
    const project = await this.projects.get(ownerId, projectId);
    const [active] = await this.db.query(
      `SELECT id, created_at FROM "publish"."shares" WHERE project_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC LIMIT 1`,
      [project.id],
    );
    if (active) return this.link(active);
    const [row] = await this.db.query(
      `INSERT INTO "publish"."shares" (id, project_id, owner_id) VALUES ($1, $2, $3) RETURNING id, created_at`,
      [newToken(16), project.id, ownerId],
    );
    return this.link(row);
  }

  async list(ownerId: string, projectId: string): Promise<ShareLink[]> {
    const project = await this.projects.get(ownerId, projectId);
    const rows = await this.db.query(
      `SELECT id, created_at FROM "publish"."shares" WHERE project_id = $1 AND revoked_at IS NULL ORDER BY created_at DESC`,
      [project.id],
    );
    return rows.map((r: { id: string; created_at: Date }) => this.link(r));
  }

  async get(shareId: string): Promise<SharedItem> {
    if (!isToken(shareId)) throw new DomainError('NOT_FOUND', PublishMessages.shareNotFound);
    const [row] = await this.db.query(
      `SELECT s.id, p.title, p.scene, p.updated_at FROM "publish"."shares" s JOIN "publish"."projects" p ON p.id = s.project_id
        WHERE s.id = $1 AND s.revoked_at IS NULL`,
      [shareId],
    );
    if (!row) throw new DomainError('NOT_FOUND', PublishMessages.shareNotFound);
    return { kind: 'project', share_id: row.id, title: row.title, scene: row.scene, updated_at: iso(row.updated_at) };
  }

  /** The project id behind an active link, or null. */
  async projectOf(shareId: string): Promise<string | null> {
    if (!isToken(shareId)) return null;
    const [row] = await this.db.query(`SELECT project_id FROM "publish"."shares" WHERE id = $1 AND revoked_at IS NULL`, [shareId]);
    return row?.project_id ?? null;
  }

  /** Revokes one link (by id) or every link of a project; only the owner may. */
  async revoke(ownerId: string, target: { share_id?: string; project_id?: string }): Promise<void> {
    if (target.share_id) {
      if (!isToken(target.share_id)) throw new DomainError('NOT_FOUND', PublishMessages.shareNotFound);
      const [, count] = (await this.db.query(
        `UPDATE "publish"."shares" SET revoked_at = now() WHERE id = $1 AND owner_id = $2 AND revoked_at IS NULL`,
        [target.share_id, ownerId],
      )) as [unknown, number];
      if (!count) throw new DomainError('NOT_FOUND', PublishMessages.shareNotFound);
      return;
    }
    const project = await this.projects.get(ownerId, target.project_id ?? '');
    await this.db.query(`UPDATE "publish"."shares" SET revoked_at = now() WHERE project_id = $1 AND revoked_at IS NULL`, [project.id]);
  }
}
