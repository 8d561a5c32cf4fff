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

/** An Excalidraw text element as the editor saves it (left-aligned, 20 px, Excalifont unless `overrides` say otherwise), placed like `sceneRectangle`. */
export function sceneText(text: string, overrides: Partial<SceneElement> & Record<string, unknown> = {}, idPrefix = 'text'): SceneElement {
  return sceneRectangle(
    {
      type: 'text',
      width: 10 * text.length,
      height: 25,
      strokeWidth: 1,
      text,
      originalText: text,
      fontSize: 20,
      fontFamily: 5,
      textAlign: 'left',
      verticalAlign: 'top',
      containerId: null,
      autoResize: true,
      lineHeight: 1.25,
      ...overrides,
    },
    idPrefix,
  );
}
