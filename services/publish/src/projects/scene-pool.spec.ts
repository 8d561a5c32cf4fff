import { PublishMessages, SCENE_MAX_BYTES } from '@visualnotes/contracts';
import { errorOf, sceneRectangle, ticksDuring } from '@visualnotes/testing';
import { publishEnvSchema } from '../config';
import { validateScene } from './scene';
import { ScenePool, scenePoolOptions, SCENE_INLINE_MAX_CHARS, workerFile } from './scene-pool';

/** A scene as a client sends it, with `n` rectangles (older files' elements lack some fields, which restoring fills in). */
const sceneWith = (n: number, extra: (i: number) => Record<string, unknown> = () => ({})) => ({
  type: 'excalidraw',
  elements: Array.from({ length: n }, (_, i) => sceneRectangle({ id: `r${i}`, x: i, y: i, width: 10, height: 10, version: 2, versionNonce: i, ...extra(i) })),
  appState: { viewBackgroundColor: '#fff', zoom: { value: 2 } },
  files: {},
});

describe('the scene checking pool (worker threads)', () => {
  const pool = new ScenePool({ ...scenePoolOptions(publishEnvSchema.parse({ REDIS_URL: 'redis://127.0.0.1:6379' })), threads: 1 });
  afterAll(() => pool.close());

  it('runs the TypeScript worker under the tests', () => {
    expect(workerFile()).toMatch(/scene\.worker-ts\.cjs$/);
  });

  it('checks a large scene in a thread exactly as on the event loop, without blocking it, and gives back the text to store', async () => {
    const input = sceneWith(3_000);
    expect(JSON.stringify(input).length).toBeGreaterThan(SCENE_INLINE_MAX_CHARS);
    const { ticks, result } = await ticksDuring(pool.check(input));
    if (result instanceof Error) throw result;
    expect(result.scene).toEqual(validateScene(input));
    expect(JSON.parse(result.text)).toEqual(result.scene);
    expect(result.scene.appState).toEqual({ viewBackgroundColor: '#fff' });
    expect(ticks).toBeGreaterThan(0);
  });

  it('checks a small scene on the event loop, with the same result', async () => {
    const input = sceneWith(3);
    const result = await pool.check(input);
    expect(result.scene).toEqual(validateScene(input));
    expect(result.text).toBe(JSON.stringify(result.scene));
  });

  it("refuses a large scene with the event loop's words: a bad element, an inline image, too many bytes", async () => {
    const refusal = async (input: unknown) => {
      const err = await errorOf(pool.check(input));
      return err && { status: (err as { statusCode?: number }).statusCode, message: err.message };
    };
    const inline = (input: unknown) => {
      try {
        validateScene(input);
        return null;
      } catch (err) {
        return { status: (err as { statusCode?: number }).statusCode, message: (err as Error).message };
      }
    };
    const cases = [
      sceneWith(3_000, (i) => (i === 2_999 ? { fileId: 'y'.repeat(300) } : {})),
      { ...sceneWith(3_000), files: { f: { id: 'f', mimeType: 'image/png', dataURL: 'data:image/png;base64,AAAA' } } },
      sceneWith(2, (i) => (i === 1 ? { text: 'x'.repeat(SCENE_MAX_BYTES) } : {})),
    ];
    const expected = [
      { status: 400, message: PublishMessages.sceneInvalid },
      { status: 400, message: PublishMessages.inlineImage },
      { status: 413, message: PublishMessages.sceneTooLarge },
    ];
    for (const [i, input] of cases.entries()) {
      expect(inline(input)).toEqual(expected[i]);
      expect(await refusal(input)).toEqual(expected[i]);
    }
  });

  it('refuses what is not a scene, and a value that cannot be serialised', async () => {
    await expect(pool.check('no')).rejects.toThrow(PublishMessages.sceneInvalid);
    const cyclic: Record<string, unknown> = { elements: [] };
    cyclic.self = cyclic;
    await expect(pool.check(cyclic)).rejects.toThrow(PublishMessages.sceneInvalid);
  });

  it('stops a scene that takes longer than its time limit and refuses it as too large; the pool goes on', async () => {
    const slow = new ScenePool({ threads: 1, timeLimitMs: 1, maxWaitMs: 60_000, memoryMb: 256 });
    try {
      const err = await errorOf(slow.check(sceneWith(6_000)));
      expect(err?.message).toBe(PublishMessages.sceneTooLarge);
      await expect(slow.check(sceneWith(3))).resolves.toHaveProperty('scene.elements.length', 3);
    } finally {
      await slow.close();
    }
  });
});
