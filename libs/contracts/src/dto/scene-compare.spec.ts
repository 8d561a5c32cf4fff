import { compareScenes, sameJson } from './scene-compare';
import type { Scene } from './publish';

const el = (id: string, extra: Record<string, unknown> = {}) =>
  ({ id, type: 'rectangle', x: 0, y: 0, width: 1, height: 1, version: 1, versionNonce: 1, isDeleted: false, ...extra }) as Scene['elements'][number];
const sc = (...elements: Scene['elements']): Scene => ({ elements, appState: {}, files: {} });

describe('comparing scenes in the browser and on the server alike', () => {
  it('takes JSON values as equal whatever the order of their keys', () => {
    expect(sameJson({ a: 1, b: [1, { c: null }] }, { b: [1, { c: null }], a: 1 })).toBe(true);
    expect(sameJson({ a: 1 }, { a: 1, b: undefined })).toBe(true);
    expect(sameJson({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
    expect(sameJson({ a: 1 }, { a: '1' })).toBe(false);
    expect(sameJson([], {})).toBe(false);
  });

  it('counts what a person sees changed', () => {
    const from = sc(el('a'), el('b'), el('same'));
    const to = sc(el('a', { x: 3, version: 2 }), el('same', { version: 5, versionNonce: 9, updated: 7 }), el('c'));
    expect(compareScenes(from, to)).toEqual({ added: ['c'], removed: ['b'], changed: ['a'] });
  });
});
