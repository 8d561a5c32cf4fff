import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { ProjectRole, Scene } from '@visualnotes/contracts';
import { IsNull, Not, type DataSource, type SelectQueryBuilder } from 'typeorm';
import { Publication } from '../publishing/publication.entity';
import { ProjectMember, ProjectRecord } from './project.entity';
import { withChanges, type SceneChange } from './scene';

/** A project as its caller sees it: with its public id while published and the caller's role in it. */
export interface ProjectRow {
  id: string;
  ownerId: string;
  title: string;
  version: number;
  createdAt: Date;
  updatedAt: Date;
  publicId: string | null;
  role: ProjectRole;
}

export type ProjectWithScene = ProjectRow & { scene: Scene };

/** What a save changes; null leaves the title or scene as it is. */
export interface ProjectChange {
  title: string | null;
  scene: Scene | null;
  /** The scene as JSON text when the caller has it serialised already (saved as it is). */
  sceneText?: string;
  expectedVersion: number;
}

/** The columns of `ProjectRow` (without the role) read from `p`, returned by a conditional save. */
const SUMMARY_RETURNING = `id, owner_id AS "ownerId", title, version, created_at AS "createdAt", updated_at AS "updatedAt",
  (SELECT pub.public_id FROM "publish"."publications" pub WHERE pub.project_id = "projects".id AND pub.unpublished_at IS NULL) AS "publicId"`;

/**
 * The changes saved since the scene stored in the row `p` (see `withChanges`), in version order, as
 * one JSON array.
 */
export const changesOf = (p: string) =>
  `(SELECT coalesce(jsonb_agg(jsonb_build_object('elements', c.elements, 'files', c.files) ORDER BY c.version), '[]'::jsonb) ${laterChanges(p)})`;

/** The rows `c` of the changes saved after the scene stored in the row `p`: what a read merges in. */
const laterChanges = (p: string) => `FROM "publish"."project_changes" c WHERE c.project_id = ${p}.id AND c.version > coalesce(${p}.base_version, 0)`;

/** A row read with its scene and `changesOf`, as the live scene. */
function live<R extends { scene: Scene; changes?: SceneChange[] | null }>(row: R): Omit<R, 'changes'> {
  const { changes, ...rest } = row;
  return { ...rest, scene: withChanges(row.scene, changes) };
}

/**
 * Every query on projects and on who they are shared with. A project's scene is stored whole
 * (`scene`, at `base_version`) with the merges saved since as rows of `project_changes`: a small
 * change costs its own elements, and every read puts the two together. The caller's role is read with the
 * project: `owner` for its owner, else the role of their membership (null without one).
 */
@Injectable()
export class ProjectsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private get projects() {
    return this.db.getRepository(ProjectRecord);
  }

  private get members() {
    return this.db.getRepository(ProjectMember);
  }

  /** Projects `p` joined with the membership `m` of `userId`, selecting a `ProjectRow`. */
  private withRole(userId: string): SelectQueryBuilder<ProjectRecord> {
    return this.projects
      .createQueryBuilder('p')
      .leftJoin(ProjectMember, 'm', 'm.project_id = p.id AND m.user_id = :userId', { userId })
      .select('p.id', 'id')
      .addSelect('p.owner_id', 'ownerId')
      .addSelect('p.title', 'title')
      .addSelect('p.version', 'version')
      .addSelect('p.created_at', 'createdAt')
      .addSelect('p.updated_at', 'updatedAt')
      .addSelect((q) => q.select('pub.public_id').from(Publication, 'pub').where('pub.project_id = p.id AND pub.unpublished_at IS NULL'), 'publicId')
      .addSelect(`CASE WHEN p.owner_id = :userId THEN 'owner' ELSE m.role END`, 'role');
  }

  /** Open invitations to `email` become memberships of `userId` (unless they own the project or are in it already). */
  async acceptInvitations(userId: string, email: string): Promise<void> {
    await this.db.query(
      `UPDATE "publish"."project_members" i SET user_id = $1, accepted_at = now()
        WHERE i.user_id IS NULL AND i.email = $2
          AND NOT EXISTS (SELECT 1 FROM "publish"."projects" p WHERE p.id = i.project_id AND p.owner_id = $1)
          AND NOT EXISTS (SELECT 1 FROM "publish"."project_members" x WHERE x.project_id = i.project_id AND x.user_id = $1)`,
      [userId, email],
    );
  }

  /** The projects a user owns or is a member of, last changed first (at most 1000). */
  listFor(userId: string): Promise<ProjectRow[]> {
    return this.withRole(userId).where('p.owner_id = :userId OR m.user_id = :userId').orderBy('p.updated_at', 'DESC').limit(1000).getRawMany<ProjectRow>();
  }

  /** The caller's role in a project: null without one, undefined when there is no such project. */
  async roleOf(id: string, userId: string): Promise<ProjectRole | null | undefined> {
    const row = await this.projects
      .createQueryBuilder('p')
      .leftJoin(ProjectMember, 'm', 'm.project_id = p.id AND m.user_id = :userId', { userId })
      .select(`CASE WHEN p.owner_id = :userId THEN 'owner' ELSE m.role END`, 'role')
      .where('p.id = :id', { id })
      .getRawOne<{ role: ProjectRole | null }>();
    return row?.role;
  }

  /** A project with its scene and the caller's role (null when they have none). */
  async find(id: string, userId: string): Promise<(Omit<ProjectWithScene, 'role'> & { role: ProjectRole | null }) | null> {
    const row = await this.withRole(userId)
      .addSelect('p.scene', 'scene')
      .addSelect(changesOf('p'), 'changes')
      .where('p.id = :id', { id })
      .getRawOne<Omit<ProjectWithScene, 'role'> & { role: ProjectRole | null; changes: SceneChange[] }>();
    return row ? live(row) : null;
  }

  async insert(ownerId: string, title: string, scene: Scene): Promise<ProjectWithScene> {
    // a scene is stored as it is (jsonb): TypeORM's deep-partial type does not fit its open element records
    const row = await this.projects.save(this.projects.create({ ownerId, title, scene: scene as never }));
    return { id: row.id, ownerId, title, scene, version: row.version, createdAt: row.createdAt, updatedAt: row.updatedAt, publicId: null, role: 'owner' };
  }

  /** The image references of a project's scene; undefined when there is no such project. */
  async filesOf(id: string): Promise<Scene['files'] | null | undefined> {
    const [row] = (await this.db.query(
      `SELECT p.scene->'files' AS files, (SELECT jsonb_agg(c.files ORDER BY c.version) ${laterChanges('p')}) AS added
       FROM "publish"."projects" p WHERE p.id = $1`,
      [id],
    )) as { files: Scene['files'] | null; added: NonNullable<Scene['files']>[] | null }[];
    if (!row) return undefined;
    return row.added?.length ? Object.assign({}, row.files ?? {}, ...row.added) : row.files;
  }

  /**
   * One conditional UPDATE, so a save is whole or not at all: null when `expectedVersion` is no
   * longer the current one. A scene just written is not read back; without one, the scene comes
   * back with the row. A whole scene makes the changes saved before it obsolete (they are deleted;
   * one left behind by a crash is never read, being older than the scene).
   */
  async write(id: string, change: ProjectChange): Promise<(Omit<ProjectRow, 'role'> & { scene?: Scene }) | null> {
    const result = await this.projects
      .createQueryBuilder()
      .update()
      .set({
        ...(change.title === null ? {} : { title: change.title }),
        ...(change.scene === null
          ? {}
          : { scene: change.sceneText === undefined ? (change.scene as never) : () => ':sceneText::jsonb', baseVersion: () => 'version + 1' }),
        version: () => 'version + 1',
        updatedAt: () => 'now()',
      })
      .where('id = :id AND version = :expectedVersion', { id, expectedVersion: change.expectedVersion, sceneText: change.sceneText })
      .returning(change.scene === null ? `${SUMMARY_RETURNING}, scene, ${changesOf('"projects"')} AS changes` : SUMMARY_RETURNING)
      .execute();
    const [row] = result.raw as (Omit<ProjectRow, 'role'> & { scene?: Scene; changes?: SceneChange[] })[];
    if (!row) return null;
    if (change.scene !== null) {
      await this.db.query(`DELETE FROM "publish"."project_changes" WHERE project_id = $1 AND version < $2`, [id, row.version]);
      return row;
    }
    return live(row as typeof row & { scene: Scene });
  }

  /**
   * Saves a merge as what it changed (one conditional UPDATE of the version and one small row, in
   * one statement): null when `expectedVersion` is no longer the current one. Answers the new
   * version and the one the stored scene is at (how many changes a read now merges).
   */
  async append(id: string, expectedVersion: number, change: SceneChange): Promise<{ version: number; baseVersion: number } | null> {
    const [row] = (await this.db.query(
      `WITH up AS (
         UPDATE "publish"."projects" SET version = version + 1, updated_at = now(), base_version = coalesce(base_version, version)
          WHERE id = $1 AND version = $2 RETURNING id, version, base_version
       ), added AS (
         INSERT INTO "publish"."project_changes" (project_id, version, elements, files) SELECT id, version, $3::jsonb, $4::jsonb FROM up
       )
       SELECT version, base_version AS "baseVersion" FROM up`,
      [id, expectedVersion, JSON.stringify(change.elements), JSON.stringify(change.files)],
    )) as { version: number; baseVersion: number }[];
    return row ?? null;
  }

  /**
   * Stores `sceneText`, the live scene at `version`, whole, and deletes the changes it holds: unless
   * a whole save or another compaction stored a scene at least as new meanwhile. Changes after
   * `version` stay and are read on top of it.
   */
  async compact(id: string, version: number, sceneText: string): Promise<boolean> {
    const rows = (await this.db.query(
      `WITH up AS (
         UPDATE "publish"."projects" SET scene = $3::jsonb, base_version = $2
          WHERE id = $1 AND coalesce(base_version, version) < $2 AND version >= $2 RETURNING id
       ), gone AS (
         DELETE FROM "publish"."project_changes" WHERE project_id = $1 AND version <= $2 AND EXISTS (SELECT 1 FROM up)
       )
       SELECT id FROM up`,
      [id, version, sceneText],
    )) as { id: string }[];
    return rows.length > 0;
  }

  /** The live version of a project (null when there is none): whether a scene held in memory is still the live one. */
  async versionOf(id: string): Promise<number | null> {
    return (await this.projects.findOne({ where: { id }, select: { id: true, version: true } }))?.version ?? null;
  }

  /** The live scene and its version, whoever asks. */
  async current(id: string): Promise<Pick<ProjectRecord, 'scene' | 'version'> | null> {
    const [row] = (await this.db.query(`SELECT p.scene, p.version, ${changesOf('p')} AS changes FROM "publish"."projects" p WHERE p.id = $1`, [id])) as {
      scene: Scene;
      version: number;
      changes: SceneChange[];
    }[];
    return row ? live(row) : null;
  }

  /** Owner, title, scene and last change of a project, whoever asks. */
  async raw(id: string): Promise<Pick<ProjectRecord, 'ownerId' | 'scene' | 'title' | 'updatedAt'> | null> {
    const [row] = (await this.db.query(
      `SELECT p.owner_id AS "ownerId", p.scene, p.title, p.updated_at AS "updatedAt", ${changesOf('p')} AS changes FROM "publish"."projects" p WHERE p.id = $1`,
      [id],
    )) as (Pick<ProjectRecord, 'ownerId' | 'scene' | 'title' | 'updatedAt'> & { changes: SceneChange[] })[];
    return row ? live(row) : null;
  }

  async titleOf(id: string): Promise<string | null> {
    return (await this.projects.findOne({ where: { id }, select: { id: true, title: true } }))?.title ?? null;
  }

  async remove(id: string): Promise<void> {
    await this.projects.delete({ id });
  }

  /** Members of a project who may save it (at most 100). */
  async editorsOf(projectId: string): Promise<string[]> {
    const rows = await this.members.find({ where: { projectId, userId: Not(IsNull()), role: 'editor' }, select: { id: true, userId: true }, take: 100 });
    return rows.map((r) => r.userId!);
  }
}

/** What the rules use of the repository (an in-memory one stands in for it in unit tests). */
export type ProjectStore = Pick<ProjectsRepository, keyof ProjectsRepository>;
