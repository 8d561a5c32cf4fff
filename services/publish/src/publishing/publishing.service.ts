import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { publicUrl, RpcClient, SERVICE_CONFIG, STORAGE, type BaseConfig, type Storage } from '@visualnotes/common';
import {
  DomainError,
  hasScope,
  Patterns,
  PublishMessages,
  type PublishCaller,
  type PublishedItem,
  type PublishedProject,
  type PublishResult,
  type Scene,
} from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { iso, isToken, newToken } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';
import { StatisticsService, type Visit } from '../statistics/statistics.service';
import { VersionsService } from '../versions/versions.service';
import { SnapshotPool } from './snapshot-pool';

/** How long publishing waits for the license service before deciding from the user's scope. */
const ENTITLEMENT_WAIT_MS = 3_000;

interface PublicationRow {
  public_id: string;
  project_id: string;
  owner_id: string;
  title: string;
  description: string;
  scene: Scene;
  snapshot_key: string | null;
  published_at: Date;
}

const notPublished = () => new DomainError('NOT_FOUND', PublishMessages.publishedNotFound);

/**
 * Publishing (Publisher plan): a copy of the scene as it was at publish time, an SVG snapshot
 * (sanitised, in storage) for first paint and search engines, and a public id that stays the same
 * across unpublish/publish so links and statistics survive.
 */
@Injectable()
export class PublishingService {
  private readonly logger = new Logger(PublishingService.name);

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(SERVICE_CONFIG) private readonly config: BaseConfig,
    private readonly rpc: RpcClient,
    private readonly projects: ProjectsService,
    private readonly statistics: StatisticsService,
    private readonly versions: VersionsService,
    private readonly snapshots: SnapshotPool,
  ) {}

  url(publicId: string) {
    return `${publicUrl(this.config)}/p/${publicId}`;
  }

  /** Publisher entitlement from the license service; while it cannot answer, from the user's scope. */
  async isPublisher(caller: PublishCaller): Promise<boolean> {
    try {
      const answer = await Promise.race([
        this.rpc.send(Patterns.license.entitlements, { userId: caller.user_id, scope: caller.scope }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('license service did not answer')), ENTITLEMENT_WAIT_MS).unref()),
      ]);
      return Boolean(answer.publisher);
    } catch (err) {
      this.logger.warn(`entitlements unavailable (${(err as Error).message}); deciding from the scope`);
      return hasScope(caller.scope, 'publisher') || hasScope(caller.scope, 'admin');
    }
  }

  async publish(caller: PublishCaller, projectId: string, input: { svg?: string; description?: string }): Promise<PublishResult> {
    const project = await this.projects.get(caller.user_id, projectId);
    // The plan first: cleaning a snapshot costs seconds of a worker thread.
    if (!(await this.isPublisher(caller))) throw new DomainError('FORBIDDEN', PublishMessages.publisherRequired);
    let svg: string | null = null;
    if (input.svg !== undefined) {
      svg = await this.snapshots.sanitize(input.svg);
      if (!svg) throw new DomainError('VALIDATION_FAILED', PublishMessages.snapshotInvalid);
    }

    const [existing]: { public_id: string }[] = await this.db.query(
      `SELECT public_id FROM "publish"."publications" WHERE project_id = $1`,
      [project.id],
    );
    const publicId = existing?.public_id ?? newToken(9);
    const snapshotKey = svg ? `published/${publicId}.svg` : null;
    if (svg && snapshotKey) await this.storage.put(snapshotKey, Buffer.from(svg, 'utf8'), { contentType: 'image/svg+xml' });
    await this.db.query(
      `INSERT INTO "publish"."publications" (public_id, project_id, owner_id, title, description, scene, snapshot_key, published_at, unpublished_at)
       VALUES ($1, $2, $3, $4, $5, $6::jsonb, $7, now(), NULL)
       ON CONFLICT (project_id) DO UPDATE SET title = EXCLUDED.title, description = EXCLUDED.description, scene = EXCLUDED.scene,
         snapshot_key = EXCLUDED.snapshot_key, published_at = now(), unpublished_at = NULL`,
      [publicId, project.id, caller.user_id, project.title, input.description?.trim() ?? '', JSON.stringify(project.scene), snapshotKey],
    );
    await this.versions.keep(project.id, project.version, project.scene, caller.user_id, 'publish', true);
    return { public_id: publicId, url: this.url(publicId) };
  }

  async unpublish(caller: PublishCaller, projectId: string): Promise<void> {
    const project = await this.projects.get(caller.user_id, projectId);
    const [rows] = (await this.db.query(
      `UPDATE "publish"."publications" SET unpublished_at = now() WHERE project_id = $1 AND owner_id = $2 AND unpublished_at IS NULL
       RETURNING snapshot_key`,
      [project.id, caller.user_id],
    )) as [{ snapshot_key: string | null }[], number];
    for (const row of rows) if (row.snapshot_key) await this.storage.delete(row.snapshot_key).catch(() => undefined);
  }

  private async live(publicId: string): Promise<PublicationRow> {
    if (!isToken(publicId)) throw notPublished();
    const [row]: PublicationRow[] = await this.db.query(
      `SELECT * FROM "publish"."publications" WHERE public_id = $1 AND unpublished_at IS NULL`,
      [publicId],
    );
    if (!row) throw notPublished();
    return row;
  }

  async view(publicId: string, visit: Visit | undefined, count = true): Promise<PublishedProject> {
    const row = await this.live(publicId);
    if (count && visit) await this.statistics.record(publicId, visit);
    return {
      title: row.title,
      description: row.description,
      scene: row.scene,
      published_at: iso(row.published_at),
      snapshot_url: `/api/p/${row.public_id}/snapshot.svg`,
    };
  }

  async meta(publicId: string) {
    const row = await this.live(publicId);
    return { title: row.title, description: row.description, published_at: iso(row.published_at), snapshot_key: row.snapshot_key };
  }

  async mine(ownerId: string): Promise<PublishedItem[]> {
    const rows: (PublicationRow & { views: string; visitors: string })[] = await this.db.query(
      `SELECT pub.public_id, pub.project_id, pub.title, pub.published_at,
              COALESCE(SUM(d.views), 0) AS views, COALESCE(SUM(d.visitors), 0) AS visitors
         FROM "publish"."publications" pub
         LEFT JOIN "publish"."view_days" d ON d.public_id = pub.public_id
        WHERE pub.owner_id = $1 AND pub.unpublished_at IS NULL
        GROUP BY pub.public_id ORDER BY pub.published_at DESC`,
      [ownerId],
    );
    return rows.map((r) => ({
      project_id: r.project_id,
      public_id: r.public_id,
      title: r.title,
      url: this.url(r.public_id),
      published_at: iso(r.published_at),
      views: Number(r.views),
      visitors: Number(r.visitors),
    }));
  }

  /** The owner of a publication (live or not), for the owner-only statistics. */
  /** Live publications for sitemap.xml, newest first (at most `limit`, capped at 50,000). */
  async sitemap(limit = 50_000): Promise<{ public_id: string; published_at: string }[]> {
    const max = Number.isInteger(limit) && limit > 0 ? Math.min(limit, 50_000) : 50_000;
    const rows: { public_id: string; published_at: Date }[] = await this.db.query(
      `SELECT public_id, published_at FROM "publish"."publications"
        WHERE unpublished_at IS NULL ORDER BY published_at DESC LIMIT $1`,
      [max],
    );
    return rows.map((r) => ({ public_id: r.public_id, published_at: iso(r.published_at) }));
  }

  async ownerOf(publicId: string): Promise<string | null> {
    if (!isToken(publicId)) return null;
    const [row] = await this.db.query(`SELECT owner_id FROM "publish"."publications" WHERE public_id = $1`, [publicId]);
    return row?.owner_id ?? null;
  }

  async liveProject(publicId: string) {
    const row = await this.live(publicId);
    return { project_id: row.project_id, owner_id: row.owner_id, scene: row.scene };
  }
}
