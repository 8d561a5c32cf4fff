import type { Scene } from '@visualnotes/contracts';
import { createStore, del, get, set } from 'idb-keyval';

/** Projects opened on this device, kept in IndexedDB so they open and stay editable offline. */
export interface LocalProject {
  id: string;
  title: string;
  scene: Scene;
  /** Server version the local scene was last in step with. */
  version: number;
  /** Local edits not yet on the server. */
  dirty: boolean;
  /** Upload file ids by Excalidraw file id. */
  uploads: Record<string, string>;
  saved_at: number;
}

const store = () => createStore('visualnotes-canvas', 'projects');
const projectKey = (id: string) => `project:${id}`;
export const LOCAL_BOARD_KEY = 'offline-board';

export const readLocalProject = (id: string) => get<LocalProject>(projectKey(id), store()).catch(() => undefined);
export const writeLocalProject = (p: LocalProject) => set(projectKey(p.id), p, store()).catch(() => undefined);
export const removeLocalProject = (id: string) => del(projectKey(id), store()).catch(() => undefined);

/** The offline whiteboard (no account): one board on this device. */
export const readLocalBoard = () => get<{ scene: Scene; images: Record<string, string> }>(LOCAL_BOARD_KEY, store()).catch(() => undefined);
export const writeLocalBoard = (scene: Scene, images: Record<string, string>) => set(LOCAL_BOARD_KEY, { scene, images }, store()).catch(() => undefined);
export const clearLocalBoard = () => del(LOCAL_BOARD_KEY, store()).catch(() => undefined);

/** The user's Excalidraw library (`.excalidrawlib` items and shapes added to it). */
export const readLibrary = () => get<unknown[]>('library', store()).catch(() => undefined);
export const writeLibrary = (items: unknown[]) => set('library', items, store());

/**
 * Images of projects as data URLs, by upload file id (uploads never change), so that a project
 * opened offline still shows them.
 */
const imageKey = (fileId: string) => `image:${fileId}`;
export const readImage = (fileId: string) => get<string>(imageKey(fileId), store()).catch(() => undefined);
export const writeImage = (fileId: string, dataUrl: string) => set(imageKey(fileId), dataUrl, store()).catch(() => undefined);

/** A kept state of the offline whiteboard (its local history), with the images its elements show. */
export interface LocalSnapshot {
  id: string;
  /** When it was kept (ms since the epoch). */
  at: number;
  scene: Scene;
  images: Record<string, string>;
}

const HISTORY_KEY = 'offline-board-history';
/** Snapshots kept of the offline whiteboard, the oldest going first. */
export const LOCAL_HISTORY_MAX = 20;
/** At most one snapshot per this long while the board changes. */
export const LOCAL_HISTORY_INTERVAL_MS = 60_000;

/** The offline whiteboard's snapshots, newest first. */
export const readLocalHistory = () =>
  get<LocalSnapshot[]>(HISTORY_KEY, store())
    .then((list) => list ?? [])
    .catch(() => [] as LocalSnapshot[]);

/**
 * Keeps the board as a snapshot when it differs from the newest one and that one is older than the
 * interval (or `force`, as before a restore); only the images its elements show are kept with it.
 * Answers the snapshots, newest first.
 */
export async function keepLocalSnapshot(
  scene: Scene,
  images: Record<string, string>,
  options: { force?: boolean; now?: number; same: (a: Scene, b: Scene) => boolean },
): Promise<LocalSnapshot[]> {
  const now = options.now ?? Date.now();
  const list = await readLocalHistory();
  const newest = list[0];
  if (newest && options.same(newest.scene, scene)) return list;
  if (newest && !options.force && now - newest.at < LOCAL_HISTORY_INTERVAL_MS) return list;
  if (!newest && !scene.elements.some((e) => !e.isDeleted)) return list;
  const shown = new Set(scene.elements.map((e) => (e as { fileId?: string | null }).fileId).filter(Boolean));
  const kept = Object.fromEntries(Object.entries(images).filter(([id]) => shown.has(id)));
  const next = [{ id: `${now}-${Math.random().toString(36).slice(2, 8)}`, at: now, scene, images: kept }, ...list].slice(0, LOCAL_HISTORY_MAX);
  await set(HISTORY_KEY, next, store()).catch(() => undefined);
  return next;
}

export const clearLocalHistory = () => del(HISTORY_KEY, store()).catch(() => undefined);
