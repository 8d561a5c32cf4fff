/** Excalidraw elements and scenes for the tests of the publish service. */
let seq = 0;
export function rect(overrides: Record<string, unknown> = {}) {
  seq += 1;
  return {
    id: `rect-${seq}`,
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
    versionNonce: 7,
    isDeleted: false,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
    ...overrides,
  };
}
export const scene = (...elements: unknown[]) => ({ type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} });
