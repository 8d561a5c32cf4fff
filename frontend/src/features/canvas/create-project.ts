import type { Scene } from '@visualnotes/contracts';
import { runApi, untracked } from '../../app/api/api';
import { canvasApi } from './api';
import { writeLocalProject } from './offline-store';

/** Creates a project (blank, from a template, or with a scene) and answers its id. */
export async function createProject(body: { title?: string; template_id?: string; scene?: Scene }): Promise<string> {
  const p = await runApi(canvasApi.endpoints.createProject.initiate(body, untracked));
  const uploads = Object.fromEntries(Object.values(p.scene.files ?? {}).map((f) => [f.id, f.file_id]));
  await writeLocalProject({ id: p.id, title: p.title, scene: p.scene, version: p.version, dirty: false, uploads, saved_at: Date.now() });
  return p.id;
}

/**
 * A new project from an `.excalidraw` file, a PNG or SVG exported with the scene embedded, or an
 * Obsidian Excalidraw note (`POST /api/projects/import`): the server restores it as
 * Excalidraw does and stores its embedded images as uploads. Answers the new project's id.
 */
export async function importProjectFile(file: File): Promise<string> {
  const p = await runApi(canvasApi.endpoints.importProject.initiate(file, untracked));
  const uploads = Object.fromEntries(Object.values(p.scene.files ?? {}).map((f) => [f.id, f.file_id]));
  await writeLocalProject({ id: p.id, title: p.title, scene: p.scene, version: p.version, dirty: false, uploads, saved_at: Date.now() });
  return p.id;
}

/** Files the editor opens: drawings become projects, libraries go to the shape library. */
/** Files that hold a drawing: `.excalidraw`, PNG/SVG exported with the scene, Obsidian notes. */
export const EXCALIDRAW_DRAWING_ACCEPT = '.excalidraw,.md,.svg,.png,application/json,application/vnd.excalidraw+json';
export const EXCALIDRAW_FILE_ACCEPT = `${EXCALIDRAW_DRAWING_ACCEPT},.excalidrawlib,application/vnd.excalidrawlib+json`;
/** An Excalidraw library: by its name or type, or by its content (libraries are also saved as `.json`). */
export async function isLibraryFile(file: File): Promise<boolean> {
  if (/\.excalidrawlib$/i.test(file.name) || file.type === 'application/vnd.excalidrawlib+json') return true;
  if (!/\.json$/i.test(file.name) && file.type !== 'application/json') return false;
  return /"type"\s*:\s*"excalidrawlib"/.test(await file.slice(0, 4096).text());
}
