import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { KeyedTurns, RpcClient } from '@visualnotes/common';
import {
  DomainError,
  isCanvasImage,
  mergeElementLists,
  notACanvasImage,
  Patterns,
  PublishMessages,
  restoreChosenElements,
  SCENE_MAX_NEW_IMAGES,
  type Project,
  type ProjectRole,
  type ProjectSummary,
  type Scene,
  type SceneFile,
} from '@visualnotes/contracts';
import { isUuid } from '../common/ids';
import { VersionsService } from '../versions/versions.service';
import { projectSummaryView, projectView } from './project.view';
import { ProjectsRepository, type ProjectChange, type ProjectStore } from './projects.repository';
import { checkMerge, emptyScene, indexed, MergedScenes, sceneFileIds, sceneTextBytes } from './scene';
import { ScenePool } from './scene-pool';

/** Merges saved as changes before the scene is stored whole again (a read merges at most about this many). */
export const COMPACT_AFTER = 20;

const RANK: Record<ProjectRole, number> = { viewer: 1, editor: 2, owner: 3 };

export const DEFAULT_TITLE = 'Untitled';

const notFound = () => new DomainError('NOT_FOUND', PublishMessages.projectNotFound);

/**
 * An earlier scene made newer than the current one element by element, so that editors which merge
 * by element version (open tabs, offline copies) take the restored elements instead of keeping
 * theirs: each restored element gets a version above both, and elements added since are deleted.
 */
export function restoredScene(current: Scene, old: Scene): Scene {
  const now = new Map(current.elements.map((e) => [e.id, e]));
  const bump = (e: Scene['elements'][number], base: number) => ({ ...e, version: base + 1, versionNonce: randomInt(2 ** 31), updated: Date.now() });
  const kept = new Set(old.elements.map((e) => e.id));
  const elements = old.elements.map((e) => bump(e, Math.max(e.version, now.get(e.id)?.version ?? 0)));
  for (const e of current.elements) if (!kept.has(e.id) && !e.isDeleted) elements.push({ ...bump(e, e.version), isDeleted: true });
  return { ...old, elements };
}

/** Chosen elements of an earlier scene put back into the current one (see `restoreChosenElements`). */
export const restoredElements = (current: Scene, old: Scene, ids: readonly string[]) => restoreChosenElements(current, old, ids, () => randomInt(2 ** 31));

/** Whether `role` may do what needs `need`: someone without any role never learns the project exists. */
export function checkRole(role: ProjectRole | null | undefined, need: ProjectRole): ProjectRole {
  if (!role) throw notFound();
  if (RANK[role] < RANK[need]) throw new DomainError('FORBIDDEN', need === 'owner' ? PublishMessages.ownerOnly : PublishMessages.viewerCannotEdit);
  return role;
}

/**
 * Projects: one Excalidraw scene per row with a version number. A save names the version it was
 * based on and succeeds only if nobody saved in between (`UPDATE ... WHERE version = $v`, one
 * statement, so a save is whole or not at all); else 409 and the editor merges and saves again.
 * Whoever it is shared with reads it (viewer) or saves it too (editor); the rest is the owner's.
 */
@Injectable()
export class ProjectsService {
  /**
   * Scene saves of one person run one after another: checking and comparing a large scene takes
   * this copy's thread for a while (up to a few hundred ms at the element limit), and one person's
   * many parallel saves would otherwise hold it for seconds while everyone else waits.
   */
  private readonly saves = new KeyedTurns();

  constructor(
    @Inject(ProjectsRepository) private readonly projects: ProjectStore,
    private readonly rpc: RpcClient,
    @Inject(VersionsService) private readonly versions: Pick<VersionsService, 'keep' | 'scene' | 'noteEditors'>,
    private readonly scenes: ScenePool,
  ) {}

  private readonly merged = new MergedScenes();
  private readonly logger = new Logger(ProjectsService.name);
  /** Projects whose scene is being stored whole after a run of merges (one at a time each). */
  private readonly compacting = new Set<string>();

  /** The live scene, its version and its JSON's size for a merge: this copy's own when it still is the live one. */
  private async currentForMerge(id: string): Promise<{ scene: Scene; version: number; bytes: number } | null> {
    if (this.merged.has(id)) {
      const version = await this.projects.versionOf(id);
      if (version === null) {
        this.merged.drop(id);
        return null;
      }
      const held = this.merged.get(id, version);
      if (held) return { ...held, version };
    }
    const current = await this.projects.current(id);
    return current && { ...current, bytes: sceneTextBytes(current.scene) };
  }

  /**
   * After `COMPACT_AFTER` merges saved as changes, the scene this copy just merged (the live one at
   * `version`) is stored whole, after the answer: reads then merge few changes. A copy that stops
   * first leaves the changes, which stay correct, for the next merge to fold.
   */
  private compactLater(id: string, version: number, scene: Scene): void {
    if (this.compacting.has(id)) return;
    this.compacting.add(id);
    setImmediate(() => {
      this.projects
        .compact(id, version, JSON.stringify(scene))
        .catch((err: Error) => this.logger.warn(`project ${id}: the scene could not be stored whole: ${err.message}`))
        .finally(() => this.compacting.delete(id));
    });
  }

  /**
   * The user's own projects and those shared with them. Invitations sent to `email` (the address
   * of the signed-in account) become memberships first.
   */
  async list(userId: string, email?: string): Promise<ProjectSummary[]> {
    if (email) await this.projects.acceptInvitations(userId, email.trim().toLowerCase());
    return (await this.projects.listFor(userId)).map(projectSummaryView);
  }

  /** The caller's role in a project when it is at least `need` (404 without any role, 403 below it). */
  async access(userId: string, id: string, need: ProjectRole): Promise<ProjectRole> {
    if (!isUuid(id)) throw notFound();
    return checkRole(await this.projects.roleOf(id, userId), need);
  }

  /**
   * The project if the caller's role is at least `need` (by default: owns it); someone else's
   * project is "not found" like a missing one.
   */
  async get(userId: string, id: string, need: ProjectRole = 'owner'): Promise<Project> {
    if (!isUuid(id)) throw notFound();
    const row = await this.projects.find(id, userId);
    const role = checkRole(row?.role, need);
    return projectView({ ...row!, role });
  }

  /** A new project, blank or with a scene already checked (a template) or sent by the client. */
  async create(ownerId: string, input: { title?: string; scene?: unknown; trustedScene?: Scene }): Promise<Project> {
    const scene = input.trustedScene ?? (input.scene === undefined ? emptyScene() : (await this.scenes.check(input.scene)).scene);
    if (input.scene !== undefined) await this.checkFiles(ownerId, scene, new Set());
    return projectView(await this.projects.insert(ownerId, input.title?.trim() || DEFAULT_TITLE, scene));
  }

  /** Saves (owner or editor); images new to the project must be uploads of whoever saves them. */
  async update(userId: string, id: string, input: { title?: string; scene?: unknown; version: number }): Promise<Project> {
    if (!isUuid(id)) throw notFound();
    return input.scene === undefined ? this.save(userId, id, input) : this.saves.run(userId, () => this.save(userId, id, input));
  }

  private async save(userId: string, id: string, input: { title?: string; scene?: unknown; version: number }): Promise<Project> {
    const role = await this.access(userId, id, 'editor');
    if (!Number.isInteger(input.version) || input.version < 1) throw new DomainError('VALIDATION_FAILED', 'version is required');
    const checked = input.scene === undefined ? null : await this.scenes.check(input.scene);
    const scene = checked?.scene ?? null;
    if (scene && sceneFileIds(scene).size) {
      // images already in the project need no new check; only its file references are read
      const files = await this.projects.filesOf(id);
      if (files === undefined) throw notFound();
      await this.checkFiles(userId, scene, sceneFileIds({ ...emptyScene(), files: files ?? {} }));
    }
    const saved = await this.write(id, { title: input.title?.trim() || null, scene, sceneText: checked?.text, expectedVersion: input.version }, role);
    if (saved) {
      if (scene) {
        await this.versions.noteEditors(id, [userId]);
        await this.versions.keep(id, saved.version, saved.scene, userId, 'save', 'settle');
      }
      return saved;
    }
    await this.access(userId, id, 'editor'); // 404 when it is not (or no longer) there
    throw new DomainError('CONFLICT', PublishMessages.versionConflict);
  }

  /** Saves when nobody saved since `expectedVersion`; null when somebody did. */
  private async write(id: string, change: ProjectChange, role: ProjectRole): Promise<Project | null> {
    const row = await this.projects.write(id, change);
    // the saved scene is the one just written: it is not read back from the database
    return row && projectView({ ...row, role, scene: change.scene ?? row.scene! });
  }

  /**
   * Saves what changed (owner or editor): `elements` merged one by one into the saved scene by
   * element version, as the live channel's batches are, so a one-element change costs one element
   * in the request whatever the board's size, and never conflicts with another save. Images new to
   * the project must be uploads of whoever saves them (a picture that may not be kept is left out,
   * its element saved, and `refused` says why).
   */
  async merge(
    userId: string,
    id: string,
    elements: Scene['elements'],
    files: NonNullable<Scene['files']> = {},
  ): Promise<{ version: number; changed: number; refused?: string }> {
    await this.access(userId, id, 'editor');
    const refs: Record<string, SceneFile & { by: string }> = {};
    for (const [key, ref] of Object.entries(files)) refs[key] = { ...ref, by: userId };
    return this.saves.run(userId, () => this.mergeLive(id, userId, elements, refs));
  }

  /**
   * Puts an earlier version back as the live scene. The scene as it is now is kept as a version
   * first, so a restore never loses anything (and can itself be undone).
   */
  async restore(userId: string, id: string, versionId: string): Promise<Project> {
    const role = await this.access(userId, id, 'editor');
    const old = await this.versions.scene(id, versionId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.get(userId, id, 'editor');
      await this.versions.keep(id, current.version, current.scene, userId, 'restore', 'force');
      const scene = restoredScene(current.scene, old.scene);
      const saved = await this.write(id, { title: null, scene, expectedVersion: current.version }, role);
      if (saved) {
        await this.versions.noteEditors(id, [userId]);
        return saved;
      }
    }
    throw new DomainError('CONFLICT', PublishMessages.versionConflict);
  }

  /**
   * Puts chosen elements of an earlier version back on the board (see `restoredElements`), the
   * rest untouched. The scene as it is now is kept as a version first, so this can be undone too.
   */
  async restoreElements(userId: string, id: string, versionId: string, elementIds: string[]): Promise<Project & { restored: Scene['elements'] }> {
    const role = await this.access(userId, id, 'editor');
    const old = await this.versions.scene(id, versionId);
    for (let attempt = 0; attempt < 5; attempt++) {
      const current = await this.get(userId, id, 'editor');
      const { scene, restored } = restoredElements(current.scene, old.scene, elementIds);
      if (!restored.length) throw new DomainError('VALIDATION_FAILED', PublishMessages.restoreElementsNotFound);
      await this.versions.keep(id, current.version, current.scene, userId, 'restore', 'force');
      const saved = await this.write(id, { title: null, scene, expectedVersion: current.version }, role);
      if (saved) {
        await this.versions.noteEditors(id, [userId]);
        return { ...saved, restored };
      }
    }
    throw new DomainError('CONFLICT', PublishMessages.versionConflict);
  }

  /**
   * Merges elements changed on the live channel into the saved scene, element by element with
   * Excalidraw's rule (higher version, then lower versionNonce), and saves it as a new project
   * version; a version of the history is kept on its usual schedule. Image references new to the
   * project must be uploads of whoever added them. Retries when a save came in between.
   */
  async mergeLive(
    id: string,
    authorId: string,
    elements: Scene['elements'],
    files: Record<string, NonNullable<Scene['files']>[string] & { by: string }> = {},
    editorIds: string[] = [],
  ): Promise<{ version: number; changed: number }> {
    if (!isUuid(id)) throw notFound();
    for (let attempt = 0; attempt < 8; attempt++) {
      const current = await this.currentForMerge(id);
      if (!current) throw notFound();
      const merged = mergeElementLists(current.scene.elements, elements);
      const known = current.scene.files ?? {};
      const added = Object.entries(files).filter(([key, f]) => !known[key] || known[key].file_id !== f.file_id);
      if (!merged.changed && !added.length) return { version: current.version, changed: 0 };
      const { accepted, refused } = await this.liveFiles(added, sceneFileIds({ ...emptyScene(), files: known }));
      if (!merged.changed && !accepted.length) return { version: current.version, changed: 0, ...(refused ? { refused } : {}) };
      const nextFiles: NonNullable<Scene['files']> = { ...known };
      const addedRefs: NonNullable<Scene['files']> = {};
      for (const [key, { by: _by, ...ref }] of accepted) nextFiles[key] = addedRefs[key] = ref;
      const scene: Scene = { ...current.scene, elements: merged.elements, files: nextFiles };
      const bytes = checkMerge(current.scene, scene, current.bytes, { elements, files: addedRefs });
      // saved as what changed; a change whose elements lack a fractional index is saved whole (see `withChanges`)
      const saved = indexed(elements)
        ? await this.projects.append(id, current.version, { elements, files: addedRefs })
        : await this.write(id, { title: null, scene, sceneText: JSON.stringify(scene), expectedVersion: current.version }, 'editor');
      if (saved) {
        this.merged.set(id, saved.version, scene, bytes);
        if ('baseVersion' in saved && saved.version - saved.baseVersion >= COMPACT_AFTER) this.compactLater(id, saved.version, scene);
        await this.versions.noteEditors(id, [...editorIds, ...accepted.map(([, f]) => f.by), authorId]);
        await this.versions.keep(id, saved.version, scene, authorId, 'save', 'settle');
        return { version: saved.version, changed: merged.changed, ...(refused ? { refused } : {}) };
      }
    }
    throw new DomainError('CONFLICT', PublishMessages.versionConflict);
  }

  async remove(userId: string, id: string): Promise<void> {
    await this.access(userId, id, 'owner');
    await this.projects.remove(id);
  }

  /**
   * The picture references of a live batch that may be kept: each must be an upload of a picture
   * by whoever added it, and at most SCENE_MAX_NEW_IMAGES are new to the project. One that may not
   * is left out (its element is kept, drawn as a missing picture) and the first reason is answered,
   * so one bad reference never costs the batch's other changes, which may be other people's.
   */
  private async liveFiles<F extends SceneFile & { by: string }>(
    added: [string, F][],
    known: Set<string>,
  ): Promise<{ accepted: [string, F][]; refused?: string }> {
    const accepted: [string, F][] = [];
    let refused: string | undefined;
    const fresh = new Set<string>();
    for (const entry of added) {
      const { by, ...ref } = entry[1];
      const isNew = !known.has(ref.file_id) && !fresh.has(ref.file_id);
      if (isNew && fresh.size >= SCENE_MAX_NEW_IMAGES) {
        refused ??= PublishMessages.liveTooManyPictures;
        continue;
      }
      try {
        await this.checkFiles(by, { ...emptyScene(), files: { [entry[0]]: ref } }, known);
      } catch (err) {
        if (!(err instanceof DomainError) || err.statusCode >= 500) throw err;
        // not a picture a browser can draw: that message says so; otherwise the upload is not the adder's
        refused ??= err.message === PublishMessages.fileNotFound ? PublishMessages.livePictureNotFound : err.message;
        continue;
      }
      if (isNew) fresh.add(ref.file_id);
      accepted.push(entry);
    }
    return { accepted, ...(refused ? { refused } : {}) };
  }

  /**
   * Images must be uploads of the owner (`POST /api/uploads`); only ids new to this project are
   * asked of the media service, so autosaves stay cheap. A media service that cannot answer makes
   * the save fail as unavailable (to be tried again), not refuse the picture.
   */
  private async checkFiles(ownerId: string, scene: Scene, known: Set<string>) {
    const fresh = [...sceneFileIds(scene)].filter((fileId) => !known.has(fileId));
    if (fresh.length > SCENE_MAX_NEW_IMAGES) throw new DomainError('VALIDATION_FAILED', PublishMessages.importTooManyImages);
    for (const fileId of fresh) {
      if (!isUuid(fileId)) throw new DomainError('VALIDATION_FAILED', PublishMessages.fileNotFound);
      const upload = await this.rpc.send(Patterns.media.uploadGet, { fileId, ownerId }).catch((err: { statusCode?: number }) => {
        if (err.statusCode === 404 || err.statusCode === 400 || err.statusCode === 403) return null;
        throw err;
      });
      if (!upload) throw new DomainError('VALIDATION_FAILED', PublishMessages.fileNotFound);
      // a picture a browser can draw (not a document, a video, a HEIC photo…)
      if (!isCanvasImage(upload.content_type)) throw notACanvasImage(upload.content_type);
    }
  }

  /**
   * Where an image of a project is stored, once the caller may see the project. It is an upload
   * of the owner or of one of the editors (whoever added it).
   */
  async fileOf(projectId: string, ownerId: string, scene: Scene, fileId: string) {
    if (!sceneFileIds(scene).has(fileId)) throw new DomainError('NOT_FOUND', PublishMessages.fileNotFound);
    for (const uploader of [ownerId, ...(await this.projects.editorsOf(projectId))]) {
      try {
        const file = await this.rpc.send(Patterns.media.uploadGet, { fileId, ownerId: uploader });
        return { storage_key: file.storage_key, content_type: file.content_type };
      } catch {
        // not this person's upload
      }
    }
    throw new DomainError('NOT_FOUND', PublishMessages.fileNotFound);
  }

  /** The owner and live scene of a project, whoever asks (callers check access first). */
  async raw(id: string): Promise<{ owner_id: string; scene: Scene; title: string; updated_at: Date } | null> {
    if (!isUuid(id)) return null;
    const row = await this.projects.raw(id);
    return row && { owner_id: row.ownerId, scene: row.scene, title: row.title, updated_at: row.updatedAt };
  }
}
