import { PublishMessages, SCENE_MAX_BYTES, SCENE_MAX_ELEMENTS, type Scene, type SceneElement } from '@visualnotes/contracts';
import { sceneRectangle } from '@visualnotes/testing';
import { emptyScene, MergedScenes, mergedSceneText } from './scene';

const rect = (id: string, extra: Record<string, unknown> = {}) =>
  sceneRectangle({ id, x: 0, y: 0, width: 10, height: 10, strokeWidth: 1, version: 2, versionNonce: 3, ...extra });

const sceneOf = (elements: SceneElement[]): Scene => ({ ...emptyScene(), elements });

describe('a saved scene with live changes merged in', () => {
  it('is the scene as JSON when the changes are valid', () => {
    const scene = sceneOf([rect('a'), rect('b')]);
    expect(JSON.parse(mergedSceneText(scene, { elements: [rect('b')], files: {} }))).toEqual(scene);
  });

  it('refuses a changed element that is not one, an inline image, too many elements and too many bytes', () => {
    const bad = { id: 'x', type: 'no-such-shape' };
    expect(() => mergedSceneText(sceneOf([rect('a')]), { elements: [bad], files: {} })).toThrow(PublishMessages.sceneInvalid);
    expect(() => mergedSceneText(sceneOf([rect('a')]), { elements: [rect('a')], files: { f: { id: 'f', mimeType: 'image/png', dataURL: 'data:' } } })).toThrow(
      PublishMessages.inlineImage,
    );
    const many = Array.from({ length: SCENE_MAX_ELEMENTS + 1 }, (_, i) => ({ id: `e${i}` }) as SceneElement);
    expect(() => mergedSceneText(sceneOf(many), { elements: [rect('a')], files: {} })).toThrow(PublishMessages.tooManyElements);
    const big = rect('big', { text: 'x'.repeat(SCENE_MAX_BYTES) });
    expect(() => mergedSceneText(sceneOf([big]), { elements: [rect('a')], files: {} })).toThrow(PublishMessages.sceneTooLarge);
  });
});

describe('MergedScenes', () => {
  const sceneOf = (n: number) =>
    ({ type: 'excalidraw', version: 2, elements: Array.from({ length: n }, (_, i) => ({ id: `e${i}` })), appState: {}, files: {} }) as never;

  it('answers a scene only at the version it was kept at', () => {
    const kept = new MergedScenes(100);
    const s = sceneOf(3);
    kept.set('p', 4, s);
    expect(kept.has('p')).toBe(true);
    expect(kept.get('p', 4)).toBe(s);
    expect(kept.get('p', 5)).toBeNull();
    expect(kept.get('q', 4)).toBeNull();
  });

  it('holds at most its elements, dropping the least recently used first; a scene larger than all of it is not kept', () => {
    const kept = new MergedScenes(10);
    kept.set('a', 1, sceneOf(4));
    kept.set('b', 1, sceneOf(4));
    kept.get('a', 1);
    kept.set('c', 1, sceneOf(4));
    expect([kept.has('a'), kept.has('b'), kept.has('c')]).toEqual([true, false, true]);
    kept.set('d', 1, sceneOf(11));
    expect(kept.has('d')).toBe(false);
    kept.set('a', 2, sceneOf(6));
    expect([kept.get('a', 1), kept.get('a', 2)?.elements.length, kept.has('c')]).toEqual([null, 6, true]);
  });
});
