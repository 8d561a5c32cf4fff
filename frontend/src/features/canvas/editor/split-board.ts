import type { Scene, SceneElement } from '@visualnotes/contracts';
import type { CanvasApi } from '../CanvasView';
import { createProject } from '../create-project';
import type { SceneElements } from '../scene-types';

/**
 * The selected elements of the canvas with what belongs to them (the text inside a shape, the
 * shapes of a selected group, arrows bound to them stay behind: they point at what is left).
 */
export function selectionOf(api: Pick<CanvasApi, 'getSceneElements' | 'getAppState'>): SceneElements {
  const selected = api.getAppState().selectedElementIds ?? {};
  const ids = new Set(Object.keys(selected).filter((id) => selected[id]));
  const groups = new Set(api.getAppState().selectedGroupIds ? Object.keys(api.getAppState().selectedGroupIds) : []);
  return api
    .getSceneElements()
    .filter(
      (el) =>
        ids.has(el.id) ||
        (!!(el as { containerId?: string | null }).containerId && ids.has((el as { containerId?: string | null }).containerId!)) ||
        (el.groupIds ?? []).some((g) => groups.has(g)),
    );
}

/**
 * Moves `moved` to a new board: the new project is created first (with the references of their
 * pictures), and only then are they removed from this one (marked deleted with a higher version,
 * as Excalidraw deletes, so every save and every collaborator's screen follows). Answers the new
 * project's id.
 */
export async function moveToNewBoard(
  api: Pick<CanvasApi, 'getSceneElementsIncludingDeleted' | 'getAppState' | 'updateScene'>,
  moved: SceneElements,
  title: string,
  files: Scene['files'],
): Promise<string> {
  const id = await createProject({
    title,
    scene: {
      type: 'excalidraw',
      version: 2,
      elements: moved as unknown as SceneElement[],
      appState: { viewBackgroundColor: api.getAppState().viewBackgroundColor },
      files,
    },
  });
  const gone = new Set(moved.map((el) => el.id));
  const now = Date.now();
  api.updateScene({
    elements: api
      .getSceneElementsIncludingDeleted()
      .map((el) =>
        gone.has(el.id) ? { ...el, isDeleted: true, version: el.version + 1, versionNonce: Math.floor(Math.random() * 2 ** 31), updated: now } : el,
      ),
  });
  return id;
}
