import { PublishMessages, SCENE_MAX_BYTES, SCENE_MAX_ELEMENTS, type Scene, type SceneElement } from '@visualnotes/contracts';
import { sceneRectangle } from '@visualnotes/testing';
import { emptyScene, mergedSceneText } from './scene';

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
