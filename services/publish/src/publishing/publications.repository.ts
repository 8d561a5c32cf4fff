import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { Scene } from '@visualnotes/contracts';
import { IsNull, type DataSource } from 'typeorm';
import { ViewDay } from '../statistics/statistics.entities';
import { Publication } from './publication.entity';

/** A live publication with its view totals. */
export interface PublishedRow {
  publicId: string;
  projectId: string;
  title: string;
  publishedAt: Date;
  views: number;
  visitors: number;
}

/** Every query on publications; "live" means published and not taken offline. */
@Injectable()
export class PublicationsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get publications() {
    return this.db.getRepository(Publication);
  }

  /** The public id a project was published under before (it stays the same), or null. */
  /** The public id of a project's publication (live or not), with what its owner chose for it. */
  async settingsOf(projectId: string): Promise<Pick<Publication, 'publicId' | 'description' | 'allowDownload'> | null> {
    return this.publications.findOne({ where: { projectId }, select: { publicId: true, description: true, allowDownload: true } });
  }

  /** Publishes (or publishes again) a project: its copy, snapshot and date are replaced, the page is live. */
  async put(p: {
    publicId: string;
    projectId: string;
    ownerId: string;
    title: string;
    description: string;
    scene: Scene;
    snapshotKey: string | null;
    /** Visitors may download it as a PDF (not unless said). */
    allowDownload?: boolean;
  }): Promise<void> {
    await this.publications
      .createQueryBuilder()
      .insert()
      // a scene is stored as it is (jsonb): TypeORM's deep-partial type does not fit its open element records
      .values({ ...p, allowDownload: p.allowDownload ?? false, scene: p.scene as never, publishedAt: () => 'now()', unpublishedAt: null })
      .orUpdate(['title', 'description', 'scene', 'snapshot_key', 'allow_download', 'published_at', 'unpublished_at'], ['project_id'])
      .execute();
  }

  /** Takes an owner's live publication of a project offline; the snapshot keys to delete. */
  async takeOffline(projectId: string, ownerId: string): Promise<(string | null)[]> {
    const result = await this.publications
      .createQueryBuilder()
      .update()
      .set({ unpublishedAt: () => 'now()' })
      .where('project_id = :projectId AND owner_id = :ownerId AND unpublished_at IS NULL', { projectId, ownerId })
      .returning(['snapshot_key'])
      .execute();
    return (result.raw as { snapshot_key: string | null }[]).map((r) => r.snapshot_key);
  }

  live(publicId: string): Promise<Publication | null> {
    return this.publications.findOneBy({ publicId, unpublishedAt: IsNull() });
  }

  /** An owner's live publications with their view totals, newest first. */
  async liveOf(ownerId: string): Promise<PublishedRow[]> {
    const rows = await this.publications
      .createQueryBuilder('pub')
      .select('pub.public_id', 'publicId')
      .addSelect('pub.project_id', 'projectId')
      .addSelect('pub.title', 'title')
      .addSelect('pub.published_at', 'publishedAt')
      .addSelect('COALESCE(SUM(d.views), 0)', 'views')
      .addSelect('COALESCE(SUM(d.visitors), 0)', 'visitors')
      .leftJoin(ViewDay, 'd', 'd.public_id = pub.public_id')
      .where('pub.owner_id = :ownerId AND pub.unpublished_at IS NULL', { ownerId })
      .groupBy('pub.public_id')
      .orderBy('pub.published_at', 'DESC')
      .getRawMany<Omit<PublishedRow, 'views' | 'visitors'> & { views: string; visitors: string }>();
    return rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt), views: Number(r.views), visitors: Number(r.visitors) }));
  }

  /** Live publications, newest first (at most `limit`). */
  latest(limit: number): Promise<Pick<Publication, 'publicId' | 'publishedAt'>[]> {
    return this.publications.find({
      where: { unpublishedAt: IsNull() },
      select: { publicId: true, publishedAt: true },
      order: { publishedAt: 'DESC' },
      take: limit,
    });
  }

  /** The owner of a publication, live or not. */
  async ownerOf(publicId: string): Promise<string | null> {
    return (await this.publications.findOne({ where: { publicId }, select: { publicId: true, ownerId: true } }))?.ownerId ?? null;
  }
}
