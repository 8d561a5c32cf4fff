import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, Not, type DataSource } from 'typeorm';
import { ProjectMember, ProjectRecord } from '../projects/project.entity';
import { Publication } from '../publishing/publication.entity';
import { Share } from '../shares/share.entity';
import { TemplateRow } from '../templates/template.entity';
import { ProjectVersionRecord } from '../versions/project-version.entity';

/** The queries that remove what the publish service keeps for one account. */
@Injectable()
export class AccountDataRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Storage keys of the published snapshots of an owner's pages (live or not). */
  async snapshotKeysOf(ownerId: string): Promise<string[]> {
    const rows = await this.db
      .getRepository(Publication)
      .find({ where: { ownerId, snapshotKey: Not(IsNull()) }, select: { publicId: true, snapshotKey: true } });
    return rows.map((r) => r.snapshotKey!);
  }

  /** Takes an owner's live pages offline. */
  async takePagesOffline(ownerId: string): Promise<void> {
    await this.db.getRepository(Publication).update({ ownerId, unpublishedAt: IsNull() }, { unpublishedAt: () => 'now()' });
  }

  /**
   * In one transaction: the account's share links, its memberships in other people's projects,
   * its projects (with their publications, statistics, members and versions) and its templates.
   * The versions it made in other people's projects stay, without its name.
   */
  async removeAll(userId: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.getRepository(Share).delete({ ownerId: userId });
      await tx.getRepository(ProjectMember).delete({ userId });
      await tx.getRepository(ProjectVersionRecord).update({ authorId: userId }, { authorId: null });
      await tx.query(`UPDATE "publish"."project_versions" SET "editor_ids" = array_remove("editor_ids", $1) WHERE $1 = ANY("editor_ids")`, [userId]);
      await tx.query(`DELETE FROM "publish"."project_version_editors" WHERE "user_id" = $1`, [userId]);
      await tx.getRepository(ProjectRecord).delete({ ownerId: userId });
      await tx.getRepository(TemplateRow).delete({ authorId: userId });
    });
  }
}
