import { statSync } from 'node:fs';
import type { Capabilities, ServedAnswer } from '@visualnotes/contracts';

/** One page to draw with the front end's drawing code (`file`, built as `frontend/dist/prerender/render.cjs`). */
export interface DrawTask {
  file: string;
  path: string;
  capabilities: Capabilities;
  answers: ServedAnswer[];
}

type RenderPage = (path: string, capabilities: Capabilities, answers: ServedAnswer[]) => Promise<string | null>;

/** The drawing code this thread loaded; loaded again when a new build replaced the file. */
let loaded: { file: string; mtime: number; renderPage: RenderPage } | null = null;

/** The HTML inside `#root` of the page, or null when the front end has no such page. */
export default async function drawPage(task: DrawTask): Promise<string | null> {
  const mtime = statSync(task.file).mtimeMs;
  if (loaded?.file !== task.file || loaded.mtime !== mtime) {
    delete require.cache[require.resolve(task.file)];
    // a file the front end's build writes, loaded at run time (and again after a new build)
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    loaded = { file: task.file, mtime, renderPage: (require(task.file) as { renderPage: RenderPage }).renderPage };
  }
  return loaded.renderPage(task.path, task.capabilities, task.answers);
}
