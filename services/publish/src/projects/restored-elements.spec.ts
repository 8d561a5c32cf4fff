import type { Scene } from '@visualnotes/contracts';
import { restoredElements } from './projects.service';

const el = (id: string, x = 0, extra: Record<string, unknown> = {}) => ({
  id,
  type: 'rectangle' as const,
  x,
  y: 0,
  width: 1,
  height: 1,
  version: 1,
  versionNonce: 1,
  isDeleted: false,
  ...extra,
});
const sc = (...elements: Scene['elements']): Scene => ({ elements, appState: {}, files: {} });

describe('restoring chosen elements of an earlier scene', () => {
  it('puts back only the chosen element, newer than both, and leaves the rest as it is', () => {
    const old = sc(el('a', 0), el('b', 0));
    const now = sc({ ...el('a', 9), version: 4 }, { ...el('b', 9), version: 2 });
    const { scene, restored } = restoredElements(now, old, ['a']);
    expect(restored.map((e) => [e.id, e.x, e.version])).toEqual([['a', 0, 5]]);
    expect(scene.elements[1]).toBe(now.elements[1]);
  });

  it('deletes a chosen element that was not there, brings a gone one back in its place, and takes bound text along', () => {
    const old = sc(el('a'), el('box'), el('label', 0, { containerId: 'box' }), el('c'));
    const now = sc(el('a'), el('c'), el('new'));
    const { scene, restored } = restoredElements(now, old, ['box', 'new', 'unknown']);
    expect(scene.elements.map((e) => [e.id, e.isDeleted])).toEqual([
      ['a', false],
      ['box', false],
      ['label', false],
      ['c', false],
      ['new', true],
    ]);
    expect(restored.map((e) => e.id).sort()).toEqual(['box', 'label', 'new']);
    expect(restoredElements(now, old, ['unknown']).restored).toEqual([]);
  });
});
