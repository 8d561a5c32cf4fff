import { randomInt } from 'node:crypto';
import type { SceneElement } from '@visualnotes/contracts';

let seq = 0;

/** An Excalidraw rectangle as the editor saves it; each call gets the next id (`<idPrefix>-<n>`) and stands a step further right. */
export function sceneRectangle(overrides: Partial<SceneElement> & Record<string, unknown> = {}, idPrefix = 'el'): SceneElement {
  seq += 1;
  return {
    id: `${idPrefix}-${seq}`,
    type: 'rectangle',
    x: seq * 10,
    y: 20,
    width: 100,
    height: 60,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: 'transparent',
    fillStyle: 'solid',
    strokeWidth: 2,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: 1,
    version: 1,
    versionNonce: randomInt(2 ** 31),
    isDeleted: false,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
    ...overrides,
  };
}
