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
