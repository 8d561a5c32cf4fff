import { Inject, Injectable, Logger } from '@nestjs/common';
import { publicUrl, RpcClient, SERVICE_CONFIG, STORAGE, type BaseConfig, type Storage } from '@visualnotes/common';
import {
  DomainError,
  ExportMessages,
  hasScope,
  Patterns,
  PublishMessages,
  type PublishCaller,
  type PublishedItem,
  type PublishedProject,
  type PublishResult,
} from '@visualnotes/contracts';
import { iso, isToken, newToken } from '../common/ids';
import { ProjectsService } from '../projects/projects.service';
import { StatisticsService, type Visit } from '../statistics/statistics.service';
import { VersionsService } from '../versions/versions.service';
import type { Publication } from './publication.entity';
import { PublicationsRepository } from './publications.repository';
import { SnapshotPool } from './snapshot-pool';

/** How long publishing waits for the license service before deciding from the user's scope. */
const ENTITLEMENT_WAIT_MS = 3_000;

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
    private readonly publications: PublicationsRepository,
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

  /**
   * An SVG picture of an imported drawing, cleaned by the snapshots' sanitiser (drawing only: no
   * script, event handler, foreignObject or outside reference), or null when it is not a well-formed
   * SVG document. One too complex to clean in time is refused in the words of an import.
   */
  async cleanImage(svg: string): Promise<string | null> {
    return this.snapshots.sanitize(svg).catch((err: unknown) => {
      if (err instanceof DomainError && err.code === 'SNAPSHOT_TOO_COMPLEX') throw new DomainError('VALIDATION_FAILED', PublishMessages.importSvgTooComplex);
      throw err;
    });
  }

  async publish(caller: PublishCaller, projectId: string, input: { svg?: string; description?: string; allow_download?: boolean }): Promise<PublishResult> {
    const project = await this.projects.get(caller.user_id, projectId);
    // The plan first: cleaning a snapshot costs seconds of a worker thread.
    if (!(await this.isPublisher(caller))) throw new DomainError('FORBIDDEN', PublishMessages.publisherRequired);
    let svg: string | null = null;
    if (input.svg !== undefined) {
      svg = await this.snapshots.sanitize(input.svg);
      if (!svg) throw new DomainError('VALIDATION_FAILED', PublishMessages.snapshotInvalid);
    }

    // publishing again keeps the page's address, and its description and download offer unless they are given
    const before = await this.publications.settingsOf(project.id);
    const publicId = before?.publicId ?? newToken(9);
    const snapshotKey = svg ? `published/${publicId}.svg` : null;
    if (svg && snapshotKey) await this.storage.put(snapshotKey, Buffer.from(svg, 'utf8'), { contentType: 'image/svg+xml' });
    await this.publications.put({
      publicId,
      projectId: project.id,
      ownerId: caller.user_id,
      title: project.title,
      description: input.description?.trim() ?? before?.description ?? '',
      scene: project.scene,
      snapshotKey,
      allowDownload: input.allow_download ?? before?.allowDownload ?? false,
    });
    await this.versions.keep(project.id, project.version, project.scene, caller.user_id, 'publish', 'force');
    return { public_id: publicId, url: this.url(publicId) };
  }

  async unpublish(caller: PublishCaller, projectId: string): Promise<void> {
    const project = await this.projects.get(caller.user_id, projectId);
    for (const key of await this.publications.takeOffline(project.id, caller.user_id)) {
      if (key) await this.storage.delete(key).catch(() => undefined);
    }
  }

  private async live(publicId: string): Promise<Publication> {
    const row = isToken(publicId) ? await this.publications.live(publicId) : null;
    if (!row) throw notPublished();
    return row;
  }

  /** The published project; a view is counted unless `count` is false or the viewer is its owner (their own looks are not readers). */
  async view(publicId: string, visit: Visit | undefined, count = true, viewerId?: string): Promise<PublishedProject> {
    const row = await this.live(publicId);
    if (count && visit && viewerId !== row.ownerId) await this.statistics.record(publicId, visit);
    return {
      title: row.title,
      description: row.description,
      scene: row.scene,
      published_at: iso(row.publishedAt),
      snapshot_url: `/api/p/${row.publicId}/snapshot.svg`,
      allow_download: row.allowDownload,
    };
  }

  async meta(publicId: string) {
    const row = await this.live(publicId);
    return {
      title: row.title,
      description: row.description,
      published_at: iso(row.publishedAt),
      snapshot_key: row.snapshotKey,
      allow_download: row.allowDownload,
    };
  }

  async mine(ownerId: string): Promise<PublishedItem[]> {
    return (await this.publications.liveOf(ownerId)).map((r) => ({
      project_id: r.projectId,
      public_id: r.publicId,
      title: r.title,
      url: this.url(r.publicId),
      published_at: iso(r.publishedAt),
      views: r.views,
      visitors: r.visitors,
    }));
  }

  /** The owner of a publication (live or not), for the owner-only statistics. */
  /** Live publications for sitemap.xml, newest first (at most `limit`, capped at 50,000). */
  async sitemap(limit = 50_000): Promise<{ public_id: string; published_at: string }[]> {
    const max = Number.isInteger(limit) && limit > 0 ? Math.min(limit, 50_000) : 50_000;
    return (await this.publications.latest(max)).map((r) => ({ public_id: r.publicId, published_at: iso(r.publishedAt) }));
  }

  async ownerOf(publicId: string): Promise<string | null> {
    return isToken(publicId) ? this.publications.ownerOf(publicId) : null;
  }

  async liveProject(publicId: string) {
    const row = await this.live(publicId);
    return { project_id: row.projectId, owner_id: row.ownerId, scene: row.scene };
  }

  /** A live publication whose owner offers it as a PDF download; "not published" or "not offered" otherwise. */
  async downloadable(publicId: string): Promise<Publication> {
    const row = await this.live(publicId);
    if (!row.allowDownload) throw new DomainError('FORBIDDEN', ExportMessages.downloadNotAllowed);
    return row;
  }
}
