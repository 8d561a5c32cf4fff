import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Scene } from '@visualnotes/contracts';
import { IsNull, type DataSource } from 'typeorm';
import { changesOf } from '../projects/projects.repository';
import { withChanges, type SceneChange } from '../projects/scene';
import { Share } from './share.entity';

/** A shared project as its link shows it. */
export interface SharedRow {
  id: string;
  title: string;
  scene: unknown;
  updated_at: Date;
}

/** Every query on share links; "active" means not revoked. */
@Injectable()
export class SharesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get shares() {
    return this.db.getRepository(Share);
  }

  /** A project's active links, newest first. */
  activeOf(projectId: string, limit?: number): Promise<Share[]> {
    return this.shares.find({ where: { projectId, revokedAt: IsNull() }, order: { createdAt: 'DESC' }, ...(limit ? { take: limit } : {}) });
  }

  add(id: string, projectId: string, ownerId: string): Promise<Share> {
    return this.shares.save(this.shares.create({ id, projectId, ownerId, revokedAt: null }));
  }

  /**
   * An active link with the project's title and scene. (The projects table has no entity in this
   * service yet, hence SQL for the join.)
   */
  async shared(id: string): Promise<SharedRow | null> {
    const { schema } = this.db.getMetadata(Share);
    const s = `"${schema}"`;
    const [row] = (await this.db.query(
      `SELECT s.id, p.title, p.scene, ${changesOf('p')} AS changes, p.updated_at FROM ${s}."shares" s JOIN ${s}."projects" p ON p.id = s.project_id
        WHERE s.id = $1 AND s.revoked_at IS NULL`,
      [id],
    )) as (SharedRow & { changes: SceneChange[] })[];
    if (!row) return null;
    const { changes, ...shared } = row;
    return { ...shared, scene: withChanges(shared.scene as Scene, changes) };
  }

  async projectOf(id: string): Promise<string | null> {
    return (await this.shares.findOne({ where: { id, revokedAt: IsNull() }, select: { id: true, projectId: true } }))?.projectId ?? null;
  }

  /** Revokes one active link of an owner; whether there was one. */
  async revoke(id: string, ownerId: string): Promise<boolean> {
    return !!(await this.shares.update({ id, ownerId, revokedAt: IsNull() }, { revokedAt: () => 'now()' })).affected;
  }

  async revokeAllOf(projectId: string): Promise<void> {
    await this.shares.update({ projectId, revokedAt: IsNull() }, { revokedAt: () => 'now()' });
  }
}
