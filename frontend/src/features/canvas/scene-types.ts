import type { SceneElement } from '@visualnotes/contracts';

/** Elements as stored (Excalidraw's own type stays inside the canvas chunk). */
export type SceneElements = readonly SceneElement[];
