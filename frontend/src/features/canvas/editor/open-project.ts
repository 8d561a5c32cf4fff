import type { Project, ProjectRole, Scene } from '@visualnotes/contracts';
import { fresh, runApi } from '../../../app/api/api';
import { msg } from '../../../i18n/msg';
import { canvasApi } from '../api';
import { ApiError, fetchDataUrl, isNetworkError } from '../http';
import { readImage, readLocalProject, removeLocalProject, writeImage, writeLocalProject, type LocalProject } from '../offline-store';
import { loadCanvasModule } from '../useCanvasModule';

/** A project as the editor opens it: the device copy (merged with the server's), its images by Excalidraw file id, the user's role. */
export type Loaded = { local: LocalProject; publicId: string | null; images: Record<string, string>; offline: boolean; role: ProjectRole };

type Fetched = { ok: true; project: Project } | { ok: false; error: unknown };
export type FetchedProject = Promise<[LocalProject | undefined, Fetched]>;

/** The server's copy and this device's copy of a project, asked for at the same time. */
export function fetchProject(id: string): FetchedProject {
  return Promise.all([
    readLocalProject(id),
    runApi(canvasApi.endpoints.project.initiate(id, fresh)).then(
      (project): Fetched => ({ ok: true, project }),
      (error: unknown): Fetched => ({ ok: false, error }),
    ),
  ]);
}

/** An image the scene refers to, kept on this device or fetched (and then kept), as a data URL. */
export async function projectImage(projectId: string, uploadId: string): Promise<string | null> {
  const kept = await readImage(uploadId);
  const url = kept ?? (await fetchDataUrl(`/projects/${projectId}/files/${uploadId}`, true));
  if (url && !kept) void writeImage(uploadId, url);
  return url;
}

/**
 * The images of a project as data URLs by Excalidraw file id: from the server (each kept on this
 * device as it arrives), else the copy kept on this device, so that they show offline too.
 */
async function projectImages(id: string, scene: Scene, uploads: Record<string, string>): Promise<Record<string, string>> {
  const refs = new Map<string, string>();
  for (const el of scene.elements) if (el.type === 'image' && !el.isDeleted && el.fileId && uploads[el.fileId]) refs.set(el.fileId, uploads[el.fileId]);
  for (const f of Object.values(scene.files ?? {})) refs.set(f.id, f.file_id);
  const images: Record<string, string> = {};
  await Promise.all(
    [...refs].map(async ([fileId, uploadId]) => {
      const url = await projectImage(id, uploadId);
      if (url) images[fileId] = url;
    }),
  );
  return images;
}

/**
 * Opens a project from the server, or from this device when offline, merging unsent local edits.
 * The request starts as the page opens, while the editor's code is still loading.
 */
export async function openProject(id: string, fetched: FetchedProject): Promise<Loaded> {
  const [local, answer] = await fetched;
  if (!answer.ok) {
    const err = answer.error;
    if (err instanceof ApiError && err.statusCode === 404) {
      await removeLocalProject(id);
      throw err;
    }
    if (isNetworkError(err) && local) {
      return { local, publicId: null, images: await projectImages(id, local.scene, local.uploads), offline: true, role: 'editor' };
    }
    if (isNetworkError(err)) throw new Error(msg('You are offline and this project was not opened on this device before.'));
    throw err;
  }
  const remote = answer.project;
  const uploads: Record<string, string> = { ...(local?.uploads ?? {}) };
  for (const f of Object.values(remote.scene.files ?? {})) uploads[f.id] = f.file_id;
  let scene: Scene = remote.scene;
  let dirty = false;
  if (local?.dirty) {
    const mod = await loadCanvasModule();
    scene = { ...remote.scene, elements: mod.mergeElements(local.scene.elements, remote.scene.elements) as Scene['elements'] };
    dirty = true;
  }
  const images = await projectImages(id, scene, uploads);
  const next: LocalProject = { id, title: remote.title, scene, version: remote.version, dirty, uploads, saved_at: Date.now() };
  void writeLocalProject(next); // the device copy; the editor does not wait for it
  return { local: next, publicId: remote.public_id, images, offline: false, role: remote.role };
}
