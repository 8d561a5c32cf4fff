import { PublishMessages, SCENE_MAX_BYTES, SCENE_MAX_ELEMENTS, type Scene, type SceneElement } from '@visualnotes/contracts';
import { sceneRectangle } from '@visualnotes/testing';
import { mergeElementLists } from '@visualnotes/contracts';
import { checkMerge, emptyScene, MergedScenes, sceneTextBytes, withChanges, type SceneChange } from './scene';

const rect = (id: string, extra: Record<string, unknown> = {}) =>
  sceneRectangle({ id, x: 0, y: 0, width: 10, height: 10, strokeWidth: 1, version: 2, versionNonce: 3, ...extra });

const sceneOf = (elements: SceneElement[]): Scene => ({ ...emptyScene(), elements });

/** `scene` with `elements` and `files` merged in, as a merge makes it. */
const merge = (scene: Scene, elements: SceneElement[], files: Scene['files'] = {}): Scene => ({
  ...scene,
  elements: mergeElementLists(scene.elements, elements).elements,
  files: { ...scene.files, ...files },
});

describe('a saved scene with live changes merged in', () => {
  it("counts the merged scene's size from what changed, byte for byte as its JSON", () => {
    const file = (id: string) => ({ id: `f${id}`, file_id: `00000000-0000-4000-8000-${id.padStart(12, '0')}`, mimeType: 'image/png' });
    let scene = sceneOf([]);
    let bytes = sceneTextBytes(scene);
    const steps: [SceneElement[], Scene['files']][] = [
      [[rect('a')], {}],
      [[rect('b', { text: 'é ü 中文' }), rect('c')], { f1: file('1') }],
      [[rect('a', { version: 5, x: 123_456 })], { f2: file('2') }],
      [[rect('b', { version: 9, text: '' })], { f1: file('3') }],
    ];
    for (const [elements, files] of steps) {
      const next = merge(scene, elements, files);
      bytes = checkMerge(scene, next, bytes, { elements, files: files ?? {} });
      expect(bytes).toBe(sceneTextBytes(next));
      scene = next;
    }
  });

  it('refuses a changed element that is not one, an inline image, too many elements and too many bytes', () => {
    const check = (scene: Scene, elements: unknown[], files: Record<string, unknown> = {}) =>
      checkMerge(scene, merge(scene, elements as SceneElement[]), sceneTextBytes(scene), { elements, files });
    expect(() => check(sceneOf([rect('a')]), [{ id: 'x', type: 'no-such-shape' }])).toThrow(PublishMessages.sceneInvalid);
    expect(() => check(sceneOf([rect('a')]), [rect('a')], { f: { id: 'f', mimeType: 'image/png', dataURL: 'data:' } })).toThrow(PublishMessages.inlineImage);
    const many = Array.from({ length: SCENE_MAX_ELEMENTS + 1 }, (_, i) => ({ id: `e${i}` }) as SceneElement);
    expect(() => check(sceneOf(many), [rect('a')])).toThrow(PublishMessages.tooManyElements);
    expect(() => check(sceneOf([rect('a')]), [rect('big', { text: 'x'.repeat(SCENE_MAX_BYTES) })])).toThrow(PublishMessages.sceneTooLarge);
  });
});

describe('the live scene: the stored one with the changes since', () => {
  it('is the scene each merge made in turn, whatever the changes hold (older copies, ties, the same element twice, new ones)', () => {
    const indexed = (id: string, index: string, extra: Record<string, unknown> = {}) => rect(id, { index, ...extra });
    const base = sceneOf([indexed('a', 'a0'), indexed('b', 'a1'), indexed('c', 'a2')]);
    const changes: SceneChange[] = [
      { elements: [indexed('a', 'a0', { version: 4, x: 1 }), indexed('d', 'Zz')], files: {} },
      { elements: [indexed('a', 'a0', { version: 3, x: 2 }), indexed('b', 'a1', { version: 2, versionNonce: 1 })], files: { f: { file_id: 'x' } as never } },
      { elements: [indexed('d', 'a5', { version: 6 }), indexed('e', 'a3'), indexed('c', 'a2', { version: 2, versionNonce: 9 })], files: {} },
      { elements: [indexed('a', 'a0', { version: 4, versionNonce: 1, x: 3 })], files: { f: { file_id: 'y' } as never } },
    ];
    let oneByOne = base;
    for (const c of changes) oneByOne = merge(oneByOne, c.elements, c.files);
    expect(withChanges(base, changes)).toEqual(oneByOne);
    expect(withChanges(base, changes).elements.map((e) => e.id)).toEqual(['a', 'b', 'c', 'e', 'd']);
    expect(withChanges(base, changes).elements[0]).toMatchObject({ version: 4, versionNonce: 1, x: 3 });
    expect(withChanges(base, changes).files).toEqual({ f: { file_id: 'y' } });
    expect(withChanges(base, [])).toBe(base);
    expect(withChanges(base, null)).toBe(base);
  });
});

describe('MergedScenes', () => {
  const sceneOf = (n: number) =>
    ({ type: 'excalidraw', version: 2, elements: Array.from({ length: n }, (_, i) => ({ id: `e${i}` })), appState: {}, files: {} }) as never;

  it('answers a scene only at the version it was kept at', () => {
    const kept = new MergedScenes(100);
    const s = sceneOf(3);
    kept.set('p', 4, s, 10);
    expect(kept.has('p')).toBe(true);
    expect(kept.get('p', 4)).toEqual({ version: 4, scene: s, bytes: 10 });
    expect(kept.get('p', 5)).toBeNull();
    expect(kept.get('q', 4)).toBeNull();
  });

  it('holds at most its elements, dropping the least recently used first; a scene larger than all of it is not kept', () => {
    const kept = new MergedScenes(10);
    kept.set('a', 1, sceneOf(4), 0);
    kept.set('b', 1, sceneOf(4), 0);
    kept.get('a', 1);
    kept.set('c', 1, sceneOf(4), 0);
    expect([kept.has('a'), kept.has('b'), kept.has('c')]).toEqual([true, false, true]);
    kept.set('d', 1, sceneOf(11), 0);
    expect(kept.has('d')).toBe(false);
    kept.set('a', 2, sceneOf(6), 0);
    expect([kept.get('a', 1), kept.get('a', 2)?.scene.elements.length, kept.has('c')]).toEqual([null, 6, true]);
  });
});
