import type { Scene } from '@visualnotes/contracts';
import { applyDelta, changedElements, compareScenes, diffScenes } from './scene-delta';

const el = (id: string, x = 0) => ({ id, type: 'rectangle' as const, x, y: 0, width: 1, height: 1, version: 1, versionNonce: 1, isDeleted: false });
const sc = (...elements: ReturnType<typeof el>[]): Scene => ({ elements, appState: { viewBackgroundColor: '#fff' }, files: {} });

describe('scene deltas', () => {
  it('rebuilds the next scene from the previous one: changes, additions, removals, order and settings', () => {
    const prev = sc(el('a'), el('b'), el('c'));
    const cases: Scene[] = [
      sc(el('a'), el('b', 5), el('c')),
      sc(el('a'), el('c'), el('d')),
      sc(el('c'), el('a'), el('b')),
      sc(el('d'), el('a')),
      { ...sc(el('a'), el('b'), el('c')), appState: { viewBackgroundColor: '#000' } },
      sc(),
    ];
    for (const next of cases) expect(applyDelta(prev, diffScenes(prev, next))).toEqual(next);
  });

  it('counts changed elements and ignores key order', () => {
    const prev = sc(el('a'), el('b'));
    const reordered = { ...sc(), elements: prev.elements.map((e) => Object.fromEntries(Object.entries(e).reverse())) } as Scene;
    expect(changedElements(diffScenes(prev, reordered))).toBe(0);
    expect(changedElements(diffScenes(prev, sc(el('a', 9))))).toBe(2);
  });
});

describe('comparing two scenes as a person sees them', () => {
  it('names added, removed and changed elements; deleted ones count as gone, renewed versions without a change do not count', () => {
    const from = sc(el('a'), el('b'), el('c'), { ...el('gone'), isDeleted: true }, el('same'));
    const to = sc(
      { ...el('a', 5), version: 2 },
      { ...el('b'), version: 2, isDeleted: true },
      el('c'),
      el('gone'),
      { ...el('same'), version: 9, versionNonce: 4 },
      el('d'),
    );
    expect(compareScenes(from, to)).toEqual({ added: ['gone', 'd'], removed: ['b'], changed: ['a'] });
    expect(compareScenes(to, from)).toEqual({ added: ['b'], removed: ['gone', 'd'], changed: ['a'] });
  });
});
