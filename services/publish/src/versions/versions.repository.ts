import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProjectVersion } from '@visualnotes/contracts';
import { In, Not, type DataSource, type EntityManager, type SelectQueryBuilder } from 'typeorm';
import { ProjectVersionRecord } from './project-version.entity';

export type Tx = EntityManager;

/** A kept version without its data. */
export interface VersionRow {
  id: string;
  project_version: number;
  author_id: string | null;
  editor_ids: string[];
  reason: ProjectVersion['reason'];
  kind: 'full' | 'delta';
  changed_elements: number;
  elements: number;
  created_at: Date;
}
const META = ['id', 'project_version', 'author_id', 'editor_ids', 'reason', 'kind', 'changed_elements', 'elements', 'created_at'];
/** The `VersionRow` columns of `alias`. */
const metaOf = (alias: string) => META.map((c) => `${alias}.${c}`).join(', ');
/** Selects the `VersionRow` columns of `v`, each under its own name. */
const selectMeta = <Q extends SelectQueryBuilder<ProjectVersionRecord>>(q: Q): Q => META.reduce((acc, c) => acc.addSelect(`v.${c}`, c), q.select([]));

export type NewVersion = Pick<
  ProjectVersionRecord,
  'projectId' | 'projectVersion' | 'authorId' | 'editorIds' | 'reason' | 'kind' | 'data' | 'changedElements' | 'elements'
>;

/**
 * Every query on the kept versions of projects. Versions are ordered by (created_at, id); pass
 * `tx` to run inside a transaction.
 */
@Injectable()
export class VersionsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private versions(tx?: Tx) {
    return (tx ?? this.db.manager).getRepository(ProjectVersionRecord);
  }

  /** Runs `work` in one transaction that alone writes versions of the project until it ends. */
  transaction<T>(projectId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 0))`, [`project-versions:${projectId}`]);
      return work(tx);
    });
  }

  /** The newest version of a project with its age in milliseconds (by the database's clock). */
  async newest(projectId: string, tx?: Tx): Promise<(VersionRow & { age_ms: number }) | null> {
    const row = await selectMeta(this.versions(tx).createQueryBuilder('v'))
      .addSelect('EXTRACT(EPOCH FROM clock_timestamp() - v.created_at) * 1000', 'age_ms')
      .where('v.project_id = :projectId', { projectId })
      .orderBy('v.created_at', 'DESC')
      .addOrderBy('v.id', 'DESC')
      .limit(1)
      .getRawOne<VersionRow & { age_ms: number }>();
    return row ?? null;
  }

  /** Notes that `userId` changed the project's scene, for the next version kept of it. */
  async noteEditor(projectId: string, userId: string): Promise<void> {
    await this.db.query(
      `INSERT INTO "publish"."project_version_editors" (project_id, user_id) SELECT $1, $2
        WHERE EXISTS (SELECT 1 FROM "publish"."projects" WHERE id = $1) ON CONFLICT DO NOTHING`,
      [projectId, userId],
    );
  }

  /** Everyone noted as changing the project since the last version kept, first to change it first; they are forgotten. */
  async takeEditors(projectId: string, tx?: Tx): Promise<string[]> {
    const rows: { user_id: string }[] = await (tx ?? this.db.manager).query(
      `WITH gone AS (DELETE FROM "publish"."project_version_editors" WHERE project_id = $1 RETURNING user_id, first_at)
       SELECT user_id FROM gone ORDER BY first_at, user_id`,
      [projectId],
    );
    return rows.map((r) => r.user_id);
  }

  async insert(v: NewVersion, tx?: Tx): Promise<void> {
    await this.versions(tx).insert(v);
  }

  /** A project's newest versions first (at most `limit`). */
  async list(projectId: string, limit: number): Promise<VersionRow[]> {
    return selectMeta(this.versions().createQueryBuilder('v'))
      .where('v.project_id = :projectId', { projectId })
      .orderBy('v.created_at', 'DESC')
      .addOrderBy('v.id', 'DESC')
      .limit(limit)
      .getRawMany<VersionRow>();
  }

  async storedBytes(versionId: string): Promise<number> {
    const row = await this.versions()
      .createQueryBuilder('v')
      .select('octet_length(v.data)', 'bytes')
      .where('v.id = :versionId', { versionId })
      .getRawOne<{ bytes: number }>();
    return Number(row?.bytes ?? 0);
  }

  /** The rows needed to rebuild a version: the newest whole scene at or before it, then its deltas (empty when there is no such version). */
  chain(projectId: string, versionId: string, tx?: Tx): Promise<(VersionRow & { data: Buffer })[]> {
    return (tx ?? this.db.manager).query(
      `WITH target AS (SELECT created_at, id FROM "publish"."project_versions" WHERE id = $2 AND project_id = $1),
            base AS (SELECT v.created_at, v.id FROM "publish"."project_versions" v, target t
                      WHERE v.project_id = $1 AND v.kind = 'full' AND (v.created_at, v.id) <= (t.created_at, t.id)
                      ORDER BY v.created_at DESC, v.id DESC LIMIT 1)
       SELECT ${metaOf('v')}, v.data FROM "publish"."project_versions" v, target t, base b
        WHERE v.project_id = $1 AND (v.created_at, v.id) >= (b.created_at, b.id) AND (v.created_at, v.id) <= (t.created_at, t.id)
        ORDER BY v.created_at, v.id`,
      [projectId, versionId],
    );
  }

  /** Ids of the versions beyond the newest `keep`, and (when `days` > 0) of those older than `days` but the newest. */
  async beyond(projectId: string, keep: number, days: number, tx?: Tx): Promise<string[]> {
    const rows: { id: string }[] = await (tx ?? this.db.manager).query(
      `SELECT id FROM (
         SELECT id, created_at, row_number() OVER (ORDER BY created_at DESC, id DESC) AS n FROM "publish"."project_versions" WHERE project_id = $1
       ) v WHERE v.n > $2 OR ($3 > 0 AND v.n > 1 AND v.created_at < now() - make_interval(days => $3))`,
      [projectId, keep, days],
    );
    return rows.map((r) => r.id);
  }

  /** The oldest version of a project other than `ids`. */
  async oldestExcept(projectId: string, ids: string[], tx?: Tx): Promise<VersionRow | null> {
    const row = await this.versions(tx).findOne({
      where: { projectId, id: Not(In(ids)) },
      select: {
        id: true,
        projectVersion: true,
        authorId: true,
        editorIds: true,
        reason: true,
        kind: true,
        changedElements: true,
        elements: true,
        createdAt: true,
      },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return (
      row && {
        id: row.id,
        project_version: row.projectVersion,
        author_id: row.authorId,
        editor_ids: row.editorIds,
        reason: row.reason,
        kind: row.kind,
        changed_elements: row.changedElements,
        elements: row.elements,
        created_at: row.createdAt,
      }
    );
  }

  /** Stores a version as a whole scene. */
  async makeFull(id: string, data: Buffer, tx?: Tx): Promise<void> {
    await this.versions(tx).update({ id }, { kind: 'full', data });
  }

  async remove(ids: string[], tx?: Tx): Promise<void> {
    await this.versions(tx).delete({ id: In(ids) });
  }
}

export type VersionStore = Pick<VersionsRepository, keyof VersionsRepository>;
