import { inBoardOrder, MERGE_EVERY_MS, RemoteChanges, wins } from './remote-changes';

const el = (id: string, version: number, versionNonce = 1) => ({ id, version, versionNonce });

describe("others' changes on their way to the canvas", () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('merges a change after a quiet moment at once, and gathers the ones that follow within a frame', () => {
    let t = 1_000;
    const merges: { id: string; version: number }[][] = [];
    const changes = new RemoteChanges(
      (els) => merges.push(els.map(({ id, version }) => ({ id, version }))),
      () => t,
    );
    changes.push([el('a', 2)]);
    expect(merges).toEqual([[{ id: 'a', version: 2 }]]);
    t += 5;
    changes.push([el('a', 3)]);
    changes.push([el('b', 7), el('a', 4)]);
    changes.push([el('a', 3)]); // an older copy arriving late does not win
    expect(merges).toHaveLength(1);
    t += MERGE_EVERY_MS;
    jest.advanceTimersByTime(MERGE_EVERY_MS);
    expect(merges[1]).toEqual([
      { id: 'a', version: 4 },
      { id: 'b', version: 7 },
    ]);
  });

  it('keeps one copy per element, the one Excalidraw keeps, and merges on demand or drops on closing', () => {
    expect(wins(el('a', 3, 9), el('a', 2, 1))).toBe(true);
    expect(wins(el('a', 3, 1), el('a', 3, 9))).toBe(true);
    expect(wins(el('a', 3, 9), el('a', 3, 1))).toBe(false);
    const t = 0;
    const merges: string[][] = [];
    const changes = new RemoteChanges(
      (els) => merges.push(els.map((e) => `${e.id}@${e.version}:${e.versionNonce}`)),
      () => t,
    );
    changes.push([el('x', 1)]);
    changes.push([el('y', 5, 9), el('y', 5, 2)]);
    changes.flush();
    expect(merges).toEqual([['x@1:1'], ['y@5:2']]);
    changes.push([el('z', 1)]);
    changes.cancel();
    jest.runAllTimers();
    expect(merges).toHaveLength(2);
  });

  it('puts changes in board order (by order key) before Excalidraw restores them, and leaves them when a key is missing', () => {
    const a = { id: 'a', index: 'a0' };
    const b = { id: 'b', index: 'a1' };
    const c = { id: 'c', index: 'a1V' };
    expect(inBoardOrder([c, a, b]).map((e) => e.id)).toEqual(['a', 'b', 'c']);
    expect(inBoardOrder([c, { id: 'x', index: null }, a]).map((e) => e.id)).toEqual(['c', 'x', 'a']);
  });
});
