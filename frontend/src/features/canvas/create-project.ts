import type { Project, Scene } from '@visualnotes/contracts';
import { signedInCall } from './http';
import { writeLocalProject } from './offline-store';

/** Creates a project (blank, from a template, or with a scene) and answers its id. */
export async function createProject(body: { title?: string; template_id?: string; scene?: Scene }): Promise<string> {
  const p = await signedInCall<Project>('POST', '/projects', body);
  const uploads = Object.fromEntries(Object.values(p.scene.files ?? {}).map((f) => [f.id, f.file_id]));
  await writeLocalProject({ id: p.id, title: p.title, scene: p.scene, version: p.version, dirty: false, uploads, saved_at: Date.now() });
  return p.id;
}
