import { promisify } from 'node:util';
import { brotliCompress, brotliDecompress, constants } from 'node:zlib';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, PublishMessages, type ProjectVersion, type Scene } from '@visualnotes/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { iso } from '../common/ids';
import type { PublishConfig } from '../config';
import { applyDelta, changedElements, diffScenes, type SceneDelta } from './scene-delta';

const compress = promisify(brotliCompress);
const decompress = promisify(brotliDecompress);
// Quality 5 compresses a 6 MB scene in well under a second; higher levels cost far more time for little.
const BROTLI = { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } };

/** At most this many deltas follow a whole scene, so reading any version decodes a short chain. */
const DELTAS_PER_FULL = 19;

type Reason = ProjectVersion['reason'];
interface VersionRow {
  id: string;
  project_version: number;
  author_id: string | null;
  reason: Reason;
  kind: 'full' | 'delta';
  changed_elements: number;
  elements: number;
  created_at: Date;
}
const META = `id, project_version, author_id, reason, kind, changed_elements, elements, created_at`;

const view = (r: VersionRow): ProjectVersion => ({
  id: r.id,
  project_version: r.project_version,
  created_at: iso(r.created_at),
  author_id: r.author_id,
  reason: r.reason,
  changed_elements: r.changed_elements,
  elements: r.elements,
});

const notFound = () => new DomainError('NOT_FOUND', PublishMessages.versionNotFound);

/**
 * Version history of projects: the scene is kept at most once per `VERSION_INTERVAL_MS` while it
 * is saved, and always on publish and before a restore. Each version is stored brotli-compressed,
 * as a whole scene or (mostly) as the change from the version before it. Callers check access.
 */
@Injectable()
export class VersionsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: PublishConfig,
  ) {}

  /**
   * Keeps `scene` (the project at `projectVersion`) unless the newest version already holds that
   * project version, or is younger than the interval and this is an ordinary save.
   */
  async keep(projectId: string, projectVersion: number, scene: Scene, authorId: string, reason: Reason, force = false): Promise<void> {
    await this.db.transaction(async (m) => {
      // one writer per project at a time, so versions form one chain
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`project-versions:${projectId}`]);
      const [last]: (VersionRow & { age_ms: number })[] = await m.query(
        `SELECT ${META}, EXTRACT(EPOCH FROM clock_timestamp() - created_at) * 1000 AS age_ms
           FROM "publish"."project_versions" WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
        [projectId],
      );
      if (last && last.project_version === projectVersion) return;
      if (last && !force && reason === 'save' && Number(last.age_ms) < this.config.VERSION_INTERVAL_MS) return;

      let kind: 'full' | 'delta' = 'full';
      let payload: Scene | SceneDelta = scene;
      let changed = scene.elements.length;
      if (last) {
        const chain = await this.chain(m, projectId, last.id);
        const delta = diffScenes(await this.decode(chain), scene);
        changed = changedElements(delta);
        if (chain.length <= DELTAS_PER_FULL) {
          kind = 'delta';
          payload = delta;
        }
      }
      await m.query(
        `INSERT INTO "publish"."project_versions" (project_id, project_version, author_id, reason, kind, data, changed_elements, elements)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
        [projectId, projectVersion, authorId, reason, kind, await compress(Buffer.from(JSON.stringify(payload)), BROTLI), changed, scene.elements.length],
      );
      await this.prune(m, projectId);
    });
  }

  async list(projectId: string): Promise<ProjectVersion[]> {
    const rows: VersionRow[] = await this.db.query(
      `SELECT ${META} FROM "publish"."project_versions" WHERE project_id = $1 ORDER BY created_at DESC, id DESC LIMIT $2`,
      [projectId, this.config.VERSIONS_KEEP],
    );
    return rows.map(view);
  }

  async scene(projectId: string, versionId: string): Promise<ProjectVersion & { scene: Scene }> {
    const chain = await this.chain(this.db.manager, projectId, versionId);
    if (!chain.length) throw notFound();
    return { ...view(chain[chain.length - 1]), scene: await this.decode(chain) };
  }

  /** Stored bytes of one version (for measuring what history costs). */
  async storedBytes(versionId: string): Promise<number> {
    const [row]: { bytes: number }[] = await this.db.query(`SELECT octet_length(data) AS bytes FROM "publish"."project_versions" WHERE id = $1`, [versionId]);
    return Number(row?.bytes ?? 0);
  }

  /** The rows needed to rebuild a version: the newest whole scene at or before it, then its deltas. */
  private async chain(m: EntityManager, projectId: string, versionId: string): Promise<(VersionRow & { data: Buffer })[]> {
    return m.query(
      `WITH target AS (SELECT created_at, id FROM "publish"."project_versions" WHERE id = $2 AND project_id = $1),
            base AS (SELECT v.created_at, v.id FROM "publish"."project_versions" v, target t
                      WHERE v.project_id = $1 AND v.kind = 'full' AND (v.created_at, v.id) <= (t.created_at, t.id)
                      ORDER BY v.created_at DESC, v.id DESC LIMIT 1)
       SELECT v.${META.split(', ').join(', v.')}, v.data FROM "publish"."project_versions" v, target t, base b
        WHERE v.project_id = $1 AND (v.created_at, v.id) >= (b.created_at, b.id) AND (v.created_at, v.id) <= (t.created_at, t.id)
        ORDER BY v.created_at, v.id`,
      [projectId, versionId],
    );
  }

  private async decode(chain: { kind: 'full' | 'delta'; data: Buffer }[]): Promise<Scene> {
    let scene: Scene | null = null;
    for (const row of chain) {
      const value = JSON.parse((await decompress(row.data)).toString('utf8'));
      scene = row.kind === 'full' ? (value as Scene) : applyDelta(scene!, value as SceneDelta);
    }
    return scene!;
  }

  /**
   * Removes versions beyond `VERSIONS_KEEP` or older than `VERSIONS_KEEP_DAYS`; the oldest one
   * kept becomes a whole scene first when it was a delta of a removed one.
   */
  private async prune(m: EntityManager, projectId: string): Promise<void> {
    const days = this.config.VERSIONS_KEEP_DAYS;
    const doomed: { id: string }[] = await m.query(
      `SELECT id FROM (
         SELECT id, created_at, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM "publish"."project_versions" WHERE project_id = $1
       ) v WHERE v.n > $2 OR ($3 > 0 AND v.n > 1 AND v.created_at < now() - make_interval(days => $3))`,
      [projectId, this.config.VERSIONS_KEEP, days],
    );
    if (!doomed.length) return;
    const ids = doomed.map((d) => d.id);
    const [oldest]: VersionRow[] = await m.query(
      `SELECT ${META} FROM "publish"."project_versions" WHERE project_id = $1 AND NOT (id = ANY($2::uuid[])) ORDER BY created_at, id LIMIT 1`,
      [projectId, ids],
    );
    if (oldest?.kind === 'delta') {
      const whole = await this.decode(await this.chain(m, projectId, oldest.id));
      await m.query(`UPDATE "publish"."project_versions" SET kind = 'full', data = $2 WHERE id = $1`, [
        oldest.id,
        await compress(Buffer.from(JSON.stringify(whole)), BROTLI),
      ]);
    }
    await m.query(`DELETE FROM "publish"."project_versions" WHERE id = ANY($1::uuid[])`, [ids]);
  }
}
