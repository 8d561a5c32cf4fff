import { isDeepStrictEqual } from 'node:util';
import { compareScenes as compareSharedScenes, type Scene, type SceneComparison, type SceneElement } from '@visualnotes/contracts';

/**
 * The change from one scene to the next: elements added or changed (whole), ids removed, the new
 * order when it is not the old one with new elements at the end, and canvas settings or image
 * references when they changed. A one-element edit of a large board is a few hundred bytes.
 */
export interface SceneDelta {
  upsert: SceneElement[];
  removed: string[];
  order?: string[];
  appState?: Scene['appState'];
  files?: Scene['files'];
}

/**
 * Equal values, whatever the order of object keys (scenes read back from a jsonb column come with
 * their keys reordered). Node's own deep comparison: no copy or text is made per element.
 */
const same = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null);

/**
 * Whether an element changed. Excalidraw gives every change a new `version` and `versionNonce`:
 * when those differ the element changed, and the whole element is compared only when they match.
 */
function changed(before: SceneElement | undefined, after: SceneElement): boolean {
  if (!before || before.version !== after.version || before.versionNonce !== after.versionNonce) return true;
  return !same(before, after);
}

export function diffScenes(prev: Scene, next: Scene): SceneDelta {
  const before = new Map(prev.elements.map((e) => [e.id, e]));
  const upsert = next.elements.filter((e) => changed(before.get(e.id), e));
  const present = new Set(next.elements.map((e) => e.id));
  const removed = prev.elements.filter((e) => !present.has(e.id)).map((e) => e.id);
  const delta: SceneDelta = { upsert, removed };
  const order = next.elements.map((e) => e.id);
  if (!same(implicitOrder(prev, delta), order)) delta.order = order;
  if (!same(prev.appState, next.appState)) delta.appState = next.appState;
  if (!same(prev.files, next.files)) delta.files = next.files;
  return delta;
}

/** The order `applyDelta` gives when the delta names none: the old order, then new elements. */
function implicitOrder(prev: Scene, delta: SceneDelta): string[] {
  const removed = new Set(delta.removed);
  const ids = prev.elements.map((e) => e.id).filter((id) => !removed.has(id));
  const known = new Set(ids);
  for (const e of delta.upsert) if (!known.has(e.id)) ids.push(e.id);
  return ids;
}

export function applyDelta(prev: Scene, delta: SceneDelta): Scene {
  const byId = new Map(prev.elements.map((e) => [e.id, e]));
  for (const id of delta.removed) byId.delete(id);
  for (const e of delta.upsert) byId.set(e.id, e);
  const order = delta.order ?? implicitOrder(prev, delta);
  return {
    ...prev,
    elements: order.map((id) => byId.get(id)).filter((e): e is SceneElement => Boolean(e)),
    appState: delta.appState ?? prev.appState,
    files: delta.files ?? prev.files,
  };
}

/** Elements added, changed or removed. */
export const changedElements = (delta: SceneDelta) => delta.upsert.length + delta.removed.length;

/** What a person sees changed between two scenes (see `compareScenes` in the contracts), compared with Node's own deep equality. */
export const compareScenes = (from: Scene, to: Scene): SceneComparison => compareSharedScenes(from, to, same);
export type { SceneComparison };
