import {
  checkScene,
  DomainError,
  PublishMessages,
  restoreScene,
  SCENE_MAX_BYTES,
  SCENE_MAX_ELEMENTS,
  sceneBytes,
  sceneProblem,
  type Scene,
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

/**
 * A saved scene with changes merged in (live batches), as the text to store. Only the changed
 * elements and new image references are checked (shape), then the whole scene's element count and
 * size: the rest was checked when it was saved, and checking 5,000 unchanged elements on every
 * batch cost far more than the batch itself.
 */
export function mergedSceneText(scene: Scene, changed: { elements: unknown[]; files: Record<string, unknown> }): string {
  const problem = sceneProblem({ elements: changed.elements, files: changed.files });
  if (problem) throw new DomainError(problem.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', problem.message);
  if (scene.elements.length > SCENE_MAX_ELEMENTS) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.tooManyElements);
  const text = JSON.stringify(scene);
  if (sceneBytes(text) > SCENE_MAX_BYTES) throw new DomainError('PAYLOAD_TOO_LARGE', PublishMessages.sceneTooLarge);
  return text;
}

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
  private readonly byProject = new Map<string, { version: number; scene: Scene }>();
  private elements = 0;

  constructor(private readonly maxElements = 60_000) {}

  /** The scene of `id` at `version`, when this copy holds it. */
  get(id: string, version: number): Scene | null {
    const hit = this.byProject.get(id);
    if (!hit || hit.version !== version) return null;
    // most recently used last
    this.byProject.delete(id);
    this.byProject.set(id, hit);
    return hit.scene;
  }

  /** Whether anything is held for `id` (a version to check first). */
  has(id: string): boolean {
    return this.byProject.has(id);
  }

  set(id: string, version: number, scene: Scene): void {
    this.drop(id);
    const size = scene.elements.length;
    if (size > this.maxElements) return;
    while (this.elements + size > this.maxElements && this.byProject.size) this.drop(this.byProject.keys().next().value!);
    this.byProject.set(id, { version, scene });
    this.elements += size;
  }

  drop(id: string): void {
    const held = this.byProject.get(id);
    if (!held) return;
    this.elements -= held.scene.elements.length;
    this.byProject.delete(id);
  }
}
