import { msg } from '../../i18n/msg';
import type { Project, Scene } from '@visualnotes/contracts';
import { readToken } from '../auth/storage';
import { ApiError, signedInCall } from './http';
import { writeLocalProject } from './offline-store';

/** Creates a project (blank, from a template, or with a scene) and answers its id. */
export async function createProject(body: { title?: string; template_id?: string; scene?: Scene }): Promise<string> {
  const p = await signedInCall<Project>('POST', '/projects', body);
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
  const form = new FormData();
  form.append('file', file, file.name);
  const token = readToken();
  const res = await fetch('/api/projects/import', { method: 'POST', body: form, headers: token ? { authorization: `Bearer ${token}` } : {} });
  const body = (await res.json().catch(() => ({}))) as Partial<Project> & { message?: string };
  if (!res.ok || !body.id) throw new ApiError(res.status, body.message ?? msg('The file could not be opened'));
  const p = body as Project;
  const uploads = Object.fromEntries(Object.values(p.scene.files ?? {}).map((f) => [f.id, f.file_id]));
  await writeLocalProject({ id: p.id, title: p.title, scene: p.scene, version: p.version, dirty: false, uploads, saved_at: Date.now() });
  return p.id;
}

/** Files the editor opens: drawings become projects, libraries go to the shape library. */
/** Files that hold a drawing: `.excalidraw`, PNG/SVG exported with the scene, Obsidian notes. */
export const EXCALIDRAW_DRAWING_ACCEPT = '.excalidraw,.md,.svg,.png,application/json,application/vnd.excalidraw+json';
export const EXCALIDRAW_FILE_ACCEPT = `${EXCALIDRAW_DRAWING_ACCEPT},.excalidrawlib,application/vnd.excalidrawlib+json`;
export const isLibraryFile = (file: File) => /\.excalidrawlib$/i.test(file.name) || file.type === 'application/vnd.excalidrawlib+json';
