import { elementWins, liveClientMessageSchema, mergeElementLists } from './live';

const el = (id: string, version: number, versionNonce: number, extra: Record<string, unknown> = {}) => ({ id, version, versionNonce, ...extra });

describe('live channel rules', () => {
  it('lets the higher version win, and at the same version the lower versionNonce', () => {
    expect(elementWins(el('a', 3, 9), el('a', 2, 1))).toBe(true);
    expect(elementWins(el('a', 2, 1), el('a', 3, 9))).toBe(false);
    expect(elementWins(el('a', 2, 1), el('a', 2, 5))).toBe(true);
    expect(elementWins(el('a', 2, 5), el('a', 2, 1))).toBe(false);
    expect(elementWins(el('a', 2, 5), el('a', 2, 5))).toBe(false);
    expect(elementWins(el('a', 1, 1), undefined)).toBe(true);
  });

  it('merges element by element, in any order to the same result', () => {
    const base = [el('a', 1, 1), el('b', 1, 1)];
    const x = [el('a', 2, 10), el('c', 1, 3)];
    const y = [el('a', 2, 4), el('b', 3, 3)];
    const one = mergeElementLists(mergeElementLists(base, x).elements, y).elements;
    const two = mergeElementLists(mergeElementLists(base, y).elements, x).elements;
    const key = (list: { id: string; version: number; versionNonce: number }[]) => list.map((e) => `${e.id}:${e.version}:${e.versionNonce}`).sort();
    expect(key(one)).toEqual(['a:2:4', 'b:3:3', 'c:1:3']);
    expect(key(two)).toEqual(key(one));
    expect(mergeElementLists(one, x).changed).toBe(0);
  });

  it("orders by Excalidraw's fractional index when every element has one", () => {
    const merged = mergeElementLists([el('a', 1, 1, { index: 'a2' }), el('b', 1, 1, { index: 'a0' })], [el('c', 1, 1, { index: 'a1' })]);
    expect(merged.elements.map((e) => e.id)).toEqual(['b', 'c', 'a']);
  });

  it('reads only well-formed client messages', () => {
    expect(liveClientMessageSchema.safeParse({ type: 'presence', pointer: { x: 1, y: 2 } }).success).toBe(true);
    expect(liveClientMessageSchema.safeParse({ type: 'update', elements: [] }).success).toBe(false);
    expect(liveClientMessageSchema.safeParse({ type: 'update', elements: [{ id: 'x', type: 'no-such-shape' }] }).success).toBe(false);
    expect(liveClientMessageSchema.safeParse({ type: 'shout' }).success).toBe(false);
    expect(liveClientMessageSchema.safeParse({ type: 'auth', token: 'a.b.c' }).success).toBe(true);
    expect(liveClientMessageSchema.safeParse({ type: 'auth', token: '' }).success).toBe(false);
  });
});
