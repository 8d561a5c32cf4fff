/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import type { CanvasApi, CanvasViewport } from './CanvasView';
import { showDrawingBeside } from './CanvasView';

// Only the bounds of the drawing are needed from Excalidraw (which does not run in jsdom).
jest.mock('@excalidraw/excalidraw', () => ({
  CaptureUpdateAction: { NEVER: 'NEVER' },
  getCommonBounds: (elements: { x: number; y: number; width: number; height: number }[]) => [
    Math.min(...elements.map((e) => e.x)),
    Math.min(...elements.map((e) => e.y)),
    Math.max(...elements.map((e) => e.x + e.width)),
    Math.max(...elements.map((e) => e.y + e.height)),
  ],
}));

/** An editor of 1280 × 687 px under a 113 px header, holding a 300 × 200 rectangle. */
function editor(elements = [{ x: 100, y: 100, width: 300, height: 200 }]) {
  const updates: { appState: CanvasViewport }[] = [];
  const api = {
    getSceneElements: () => elements,
    getAppState: () => ({ offsetLeft: 0, offsetTop: 113, width: 1280, height: 687 }),
    updateScene: (u: { appState: CanvasViewport }) => updates.push(u),
  } as unknown as CanvasApi;
  return { api, updates };
}

// the rectangle in the middle of the editor, as it opens
const centred: CanvasViewport = { scrollX: 390, scrollY: 143.5, zoom: { value: 1 } as CanvasViewport['zoom'] };
const onScreen = (v: CanvasViewport, x: number, y: number) => [(x + v.scrollX) * v.zoom.value, (y + v.scrollY) * v.zoom.value + 113];

describe('the drawing beside a dialog', () => {
  it('moves left of a dialog at the right, whole', () => {
    const { api, updates } = editor();
    showDrawingBeside(api, { left: 784, top: 149, right: 1264, bottom: 651 }, centred);
    const view = updates.at(-1)!.appState;
    const [left, top] = onScreen(view, 100, 100);
    const [right, bottom] = onScreen(view, 400, 300);
    expect(right).toBeLessThanOrEqual(784);
    expect(left).toBeGreaterThanOrEqual(0);
    expect(top).toBeGreaterThanOrEqual(113);
    expect(bottom).toBeLessThanOrEqual(800);
    expect(view.zoom.value).toBe(1);
  });

  it('moves above a sheet at the bottom of a phone, zoomed out to fit', () => {
    const { api, updates } = editor();
    const phone = { ...api, getAppState: () => ({ offsetLeft: 0, offsetTop: 116, width: 375, height: 696 }) } as unknown as CanvasApi;
    showDrawingBeside(phone, { left: 0, top: 318, right: 375, bottom: 812 }, { scrollX: 0, scrollY: 0, zoom: centred.zoom });
    const view = updates.at(-1)!.appState;
    expect(view.zoom.value).toBeLessThan(1);
    const bottom = (300 + view.scrollY) * view.zoom.value + 116;
    const top = (100 + view.scrollY) * view.zoom.value + 116;
    expect(top).toBeGreaterThanOrEqual(116);
    expect(bottom).toBeLessThanOrEqual(318);
  });

  it('stays where it was when the dialog hides none of it, or when there is nothing drawn', () => {
    const { api, updates } = editor();
    showDrawingBeside(api, { left: 1000, top: 149, right: 1264, bottom: 651 }, centred);
    expect(updates.at(-1)!.appState).toEqual(centred);
    const empty = editor([]);
    showDrawingBeside(empty.api, { left: 0, top: 0, right: 1280, bottom: 800 }, centred);
    expect(empty.updates.at(-1)!.appState).toEqual(centred);
  });
});
