import { DomainError, restoreScene, sceneProblem, sceneSchema, type Scene } from '@visualnotes/contracts';

/** An empty canvas. */
export const emptyScene = (): Scene => ({ type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} });

/**
 * Checks a scene sent by a client and keeps only what a project stores. Its elements are first
 * restored as the Excalidraw editor restores a file it opens (older files lack fields such as
 * `version`; elements that cannot be drawn are dropped), then checked (size first, then shape):
 * the elements (deleted ones too, so that merges do not bring them back), a few canvas settings and
 * references to uploaded images. Throws the user-facing error; nothing is saved when it throws.
 */
export function validateScene(input: unknown): Scene {
  const restored = restoreScene(input);
  const problem = sceneProblem(restored);
  if (problem) throw new DomainError(problem.status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', problem.message);
  const scene = sceneSchema.parse(restored); // only reached for a valid scene (checked just above)
  return { type: 'excalidraw', version: 2, elements: scene.elements, appState: scene.appState, files: scene.files };
}

/** Upload ids referenced by a scene's images. */
export const sceneFileIds = (scene: Scene) => new Set(Object.values(scene.files ?? {}).map((f) => f.file_id));
