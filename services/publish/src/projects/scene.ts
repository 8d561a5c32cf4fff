import {
  checkScene,
  DomainError,
  mergeElementLists,
  PublishMessages,
  restoreScene,
  SCENE_MAX_BYTES,
  SCENE_MAX_ELEMENTS,
  sceneBytes,
  sceneProblem,
  type Scene,
  type SceneFile,
} from '@visualnotes/contracts';

/** An empty canvas. */
export const emptyScene = (): Scene => ({ type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} });

/**
 * Checks a scene sent by a client and keeps only what a project stores. Its elements are first
 * restored as the Excalidraw editor restores a file it opens (older files lack fields such as
 * `version`; elements that cannot be drawn are dropped), then checked (shape): the elements
 * (deleted ones too, so that merges do not bring them back), a few canvas settings and references
 * to uploaded images. Its size is checked first, on what the client sent (`text`, its JSON), not on
 * the restored scene, which may be larger: the limit people are told is the one applied. Throws the
 * user-facing error; nothing is saved when it throws.
 */
export function validateScene(input: unknown, text?: string): Scene {
  checkSentSize(text ?? JSON.stringify(input ?? null));
  const checked = checkScene(restoreScene(input), { sizeChecked: true });
  if (!checked.ok) throw new DomainError(checked.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', checked.message);
  const scene = checked.scene;
  return { type: 'excalidraw', version: 2, elements: scene.elements, appState: scene.appState, files: scene.files };
}

/** Refuses a scene whose JSON as sent (`text`) is over `SCENE_MAX_BYTES`. */
export function checkSentSize(text: string | undefined): void {
  if (text !== undefined && sceneBytes(text) > SCENE_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
}

/** What one merge (a PATCH save, a live batch) stored: the elements sent and the image references it added. */
export interface SceneChange {
  elements: Scene['elements'];
  files: Record<string, SceneFile>;
}

/**
 * The live scene: the stored one with the changes saved since (in version order) merged in by
 * element version, in one pass. It is the scene each merge built in turn: the rule keeps, for each
 * element, the highest version (then the lowest versionNonce) whatever the order, and a merge that
 * brings an element without a fractional index is saved whole, never as a change, so the order of
 * the elements comes out the same too.
 */
export function withChanges(scene: Scene, changes: readonly SceneChange[] | null | undefined): Scene {
  if (!changes?.length) return scene;
  const elements = mergeElementLists(
    scene.elements,
    changes.flatMap((c) => c.elements),
  ).elements;
  return { ...scene, elements, files: Object.assign({}, scene.files ?? {}, ...changes.map((c) => c.files ?? {})) };
}

/** Whether every element sent has a fractional index (a change saved as such keeps the order exact; see `withChanges`). */
export const indexed = (elements: Scene['elements']) => elements.every((e) => typeof (e as { index?: unknown }).index === 'string');

const jsonBytes = (value: unknown) => sceneBytes(JSON.stringify(value));

/**
 * Checks a merge of `changed` into a saved scene of `bytes` (its JSON's size) that gave `after`
 * from `before`: only the changed elements and new image references are checked (shape), then the
 * whole scene's element count and size, which is counted from what changed rather than by writing
 * out megabytes on every batch. Answers the merged scene's size.
 */
export function checkMerge(before: Scene, after: Scene, bytes: number, changed: { elements: unknown[]; files: Record<string, unknown> }): number {
  const problem = sceneProblem({ elements: changed.elements, files: changed.files });
  if (problem) throw new DomainError(problem.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', problem.message);
  if (after.elements.length > SCENE_MAX_ELEMENTS) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.tooManyElements);
  const size = bytes + mergeBytes(before, after);
  if (size > SCENE_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
  return size;
}

/** How many bytes the JSON of `after` has more than that of `before` (elements replaced or added, image references). */
export function mergeBytes(before: Scene, after: Scene): number {
  const old = new Map(before.elements.map((e) => [e.id, e]));
  let delta = 0;
  let count = before.elements.length;
  for (const e of after.elements) {
    const was = old.get(e.id);
    if (was === e) continue;
    // a new element comes with a comma, unless it is the first
    delta += jsonBytes(e) - (was ? jsonBytes(was) : count++ ? -1 : 0);
  }
  const files = before.files ?? {};
  let keys = Object.keys(files).length;
  for (const [key, ref] of Object.entries(after.files ?? {})) {
    const was = files[key];
    if (was === ref) continue;
    delta += jsonBytes(ref) - (was ? jsonBytes(was) : -(jsonBytes(key) + 1) - (keys++ ? 1 : 0));
  }
  return delta;
}

/** The size of a scene's JSON, as the limit counts it. */
export const sceneTextBytes = (scene: Scene) => jsonBytes(scene);

/** Upload ids referenced by a scene's images. */
export const sceneFileIds = (scene: Scene) => new Set(Object.values(scene.files ?? {}).map((f) => f.file_id));

/**
 * The live scenes this copy last merged into, by project and version: a run of merges (PATCH
 * saves, live batches) reads a 10,000-element scene once instead of parsing megabytes from the
 * database each time. A version is written once, so a hit is exactly what is stored; any other
 * save makes a new version, which misses. Kept scenes are never changed in place (a merge makes
 * new element lists). Bounded by elements held, the least recently used going first.
 */
export class MergedScenes {
  private readonly byProject = new Map<string, { version: number; scene: Scene; bytes: number }>();
  private elements = 0;

  constructor(private readonly maxElements = 60_000) {}

  /** The scene of `id` at `version` and the size of its JSON, when this copy holds it. */
  get(id: string, version: number): { scene: Scene; bytes: number } | null {
    const hit = this.byProject.get(id);
    if (!hit || hit.version !== version) return null;
    // most recently used last
    this.byProject.delete(id);
    this.byProject.set(id, hit);
    return hit;
  }

  /** Whether anything is held for `id` (a version to check first). */
  has(id: string): boolean {
    return this.byProject.has(id);
  }

  set(id: string, version: number, scene: Scene, bytes: number): void {
    this.drop(id);
    const size = scene.elements.length;
    if (size > this.maxElements) return;
    while (this.elements + size > this.maxElements && this.byProject.size) this.drop(this.byProject.keys().next().value!);
    this.byProject.set(id, { version, scene, bytes });
    this.elements += size;
  }

  drop(id: string): void {
    const held = this.byProject.get(id);
    if (!held) return;
    this.elements -= held.scene.elements.length;
    this.byProject.delete(id);
  }
}
