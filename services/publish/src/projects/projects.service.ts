import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RpcClient } from '@visualnotes/common';
import { DomainError, Patterns, PublishMessages, SCENE_MAX_NEW_IMAGES, type Project, type ProjectSummary, type Scene } from '@visualnotes/contracts';
import type { DataSource, EntityManager } from 'typeorm';
import { iso, isUuid } from '../common/ids';
import { emptyScene, sceneFileIds, validateScene } from './scene';

interface ProjectRow {
  id: string;
  owner_id: string;
  title: string;
  scene: Scene;
  version: number;
  created_at: Date;
  updated_at: Date;
  public_id: string | null;
}

const SUMMARY_COLUMNS = `p.id, p.owner_id, p.title, p.version, p.created_at, p.updated_at,
  (SELECT pub.public_id FROM "publish"."publications" pub WHERE pub.project_id = p.id AND pub.unpublished_at IS NULL) AS public_id`;

export const DEFAULT_TITLE = 'Untitled';

function summary(row: ProjectRow): ProjectSummary {
  return {
    id: row.id,
    title: row.title,
    version: row.version,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    public_id: row.public_id ?? null,
  };
}
const full = (row: ProjectRow): Project => ({ ...summary(row), scene: row.scene });

const notFound = () => new DomainError('NOT_FOUND', PublishMessages.projectNotFound);

/**
 * Projects: one Excalidraw scene per row with a version number. A save names the version it was
 * based on and succeeds only if nobody saved in between (`UPDATE ... WHERE version = $v`, one
 * statement, so a save is whole or not at all); else 409 and the editor merges and saves again.
 */
@Injectable()
export class ProjectsService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly rpc: RpcClient,
  ) {}

  async list(ownerId: string): Promise<ProjectSummary[]> {
    const rows: ProjectRow[] = await this.db.query(
      `SELECT ${SUMMARY_COLUMNS} FROM "publish"."projects" p WHERE p.owner_id = $1 ORDER BY p.updated_at DESC LIMIT 1000`,
      [ownerId],
    );
    return rows.map(summary);
  }

  /** The project if `ownerId` owns it; someone else's project is "not found" like a missing one. */
  async get(ownerId: string, id: string, manager: EntityManager = this.db.manager): Promise<Project> {
    if (!isUuid(id)) throw notFound();
    const [row]: ProjectRow[] = await manager.query(
      `SELECT ${SUMMARY_COLUMNS}, p.scene FROM "publish"."projects" p WHERE p.id = $1 AND p.owner_id = $2`,
      [id, ownerId],
    );
    if (!row) throw notFound();
    return full(row);
  }

  /** A new project, blank or with a scene already checked (a template) or sent by the client. */
  async create(ownerId: string, input: { title?: string; scene?: unknown; trustedScene?: Scene }): Promise<Project> {
    const scene = input.trustedScene ?? (input.scene === undefined ? emptyScene() : validateScene(input.scene));
    if (input.scene !== undefined) await this.checkFiles(ownerId, scene, new Set());
    const [row]: ProjectRow[] = await this.db.query(
      `INSERT INTO "publish"."projects" (owner_id, title, scene) VALUES ($1, $2, $3::jsonb)
       RETURNING id, owner_id, title, scene, version, created_at, updated_at, NULL AS public_id`,
      [ownerId, input.title?.trim() || DEFAULT_TITLE, JSON.stringify(scene)],
    );
    return full(row);
  }

  async update(ownerId: string, id: string, input: { title?: string; scene?: unknown; version: number }): Promise<Project> {
    if (!isUuid(id)) throw notFound();
    if (!Number.isInteger(input.version) || input.version < 1) throw new DomainError('VALIDATION_FAILED', 'version is required');
    const scene = input.scene === undefined ? null : validateScene(input.scene);
    if (scene && sceneFileIds(scene).size) {
      // images already in the project need no new check; only its file references are read
      const [current]: { files: Scene['files'] | null }[] = await this.db.query(
        `SELECT p.scene->'files' AS files FROM "publish"."projects" p WHERE p.id = $1 AND p.owner_id = $2`,
        [id, ownerId],
      );
      if (!current) throw notFound();
      await this.checkFiles(ownerId, scene, sceneFileIds({ ...emptyScene(), files: current.files ?? {} }));
    }
    // UPDATE answers [rows, affected] through TypeORM's query()
    const [[row]] = (await this.db.query(
      `UPDATE "publish"."projects" p
          SET title = COALESCE($3, p.title), scene = COALESCE($4::jsonb, p.scene), version = p.version + 1, updated_at = now()
        WHERE p.id = $1 AND p.owner_id = $2 AND p.version = $5
        RETURNING ${SUMMARY_COLUMNS}${scene ? '' : ', p.scene'}`,
      [id, ownerId, input.title?.trim() || null, scene ? JSON.stringify(scene) : null, input.version],
    )) as [ProjectRow[], number];
    // the saved scene is the one just written: it is not read back from the database
    if (row) return full(scene ? { ...row, scene } : row);
    await this.get(ownerId, id); // 404 when it is not (or no longer) there
    throw new DomainError('CONFLICT', PublishMessages.versionConflict);
  }

  async remove(ownerId: string, id: string): Promise<void> {
    if (!isUuid(id)) throw notFound();
    const [, count] = (await this.db.query(`DELETE FROM "publish"."projects" WHERE id = $1 AND owner_id = $2`, [id, ownerId])) as [
      unknown,
      number,
    ];
    if (!count) throw notFound();
  }

  /**
   * Images must be uploads of the owner (`POST /api/uploads`); only ids new to this project are
   * asked of the media service, so autosaves stay cheap.
   */
  private async checkFiles(ownerId: string, scene: Scene, known: Set<string>) {
    const fresh = [...sceneFileIds(scene)].filter((fileId) => !known.has(fileId));
    if (fresh.length > SCENE_MAX_NEW_IMAGES) throw new DomainError('VALIDATION_FAILED', PublishMessages.importTooManyImages);
    for (const fileId of fresh) {
      if (!isUuid(fileId)) throw new DomainError('VALIDATION_FAILED', PublishMessages.fileNotFound);
      try {
        await this.rpc.send(Patterns.media.uploadGet, { fileId, ownerId });
      } catch {
        throw new DomainError('VALIDATION_FAILED', PublishMessages.fileNotFound);
      }
    }
  }

  /** Where an image of a project is stored, once the caller may see the project. */
  async fileOf(projectId: string, ownerId: string, scene: Scene, fileId: string) {
    if (!sceneFileIds(scene).has(fileId)) throw new DomainError('NOT_FOUND', PublishMessages.fileNotFound);
    try {
      const file = await this.rpc.send(Patterns.media.uploadGet, { fileId, ownerId });
      return { storage_key: file.storage_key, content_type: file.content_type };
    } catch {
      throw new DomainError('NOT_FOUND', PublishMessages.fileNotFound);
    }
  }

  /** The owner and live scene of a project, whoever asks (callers check access first). */
  async raw(id: string): Promise<{ owner_id: string; scene: Scene; title: string; updated_at: Date } | null> {
    if (!isUuid(id)) return null;
    const [row] = await this.db.query(`SELECT owner_id, scene, title, updated_at FROM "publish"."projects" WHERE id = $1`, [id]);
    return row ?? null;
  }
}
