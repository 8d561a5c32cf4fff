import { mergeElementLists, PublishMessages, SCENE_MAX_BYTES, type SceneElement } from '@visualnotes/contracts';
import { createTestEnv, signUp, waitFor, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { Client } from 'pg';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';
import { COMPACT_AFTER } from './projects.service';

describe('projects (publish service through the gateway)', () => {
  let t: TestEnv;
  let backend: Backend;
  let alice: SignedUp;
  let bob: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    t = await createTestEnv('projects', { RATE_LIMIT_MAX: '10000' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    [alice, bob] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('creates a blank project, lists it, renames it and deletes it', async () => {
    const created = await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Plan' }).expect(201);
    expect(created.body).toMatchObject({ title: 'Plan', version: 1, scene: { elements: [] }, public_id: null });
    const list = await request(backend.http).get('/api/projects').set(auth(alice)).expect(200);
    expect(list.body.map((p: { id: string }) => p.id)).toContain(created.body.id);
    expect(list.body[0].scene).toBeUndefined();

    const renamed = await request(backend.http).put(`/api/projects/${created.body.id}`).set(auth(alice)).send({ title: 'Plan B', version: 1 }).expect(200);
    expect(renamed.body).toMatchObject({ title: 'Plan B', version: 2 });

    await request(backend.http).delete(`/api/projects/${created.body.id}`).set(auth(alice)).expect(204);
    await request(backend.http).get(`/api/projects/${created.body.id}`).set(auth(alice)).expect(404);
    await request(backend.http).delete(`/api/projects/${created.body.id}`).set(auth(alice)).expect(404);
  });

  it('needs a signed-in user', async () => {
    await request(backend.http).get('/api/projects').expect(401);
    await request(backend.http).post('/api/projects').send({ title: 'x' }).expect(401);
  });

  it('saves scenes with versions and answers 409 to a stale version, keeping the newer scene', async () => {
    const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'V' }).expect(201)).body;
    const a = rect();
    const first = await request(backend.http)
      .put(`/api/projects/${p.id}`)
      .set(auth(alice))
      .send({ scene: scene(a), version: 1 })
      .expect(200);
    expect(first.body.version).toBe(2);
    expect(first.body.scene.elements).toHaveLength(1);

    const stale = await request(backend.http)
      .put(`/api/projects/${p.id}`)
      .set(auth(alice))
      .send({ scene: scene(rect({ id: 'other' })), version: 1 })
      .expect(409);
    expect(stale.body).toEqual({ statusCode: 409, message: PublishMessages.versionConflict });

    const now = await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200);
    expect(now.body.version).toBe(2);
    expect(now.body.scene.elements.map((e: { id: string }) => e.id)).toEqual([a.id]);
  });

  it('lets only one of two concurrent saves of the same version win', async () => {
    const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Race' }).expect(201)).body;
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        request(backend.http)
          .put(`/api/projects/${p.id}`)
          .set(auth(alice))
          .send({ scene: scene(rect({ id: `r${n}` })), version: 1 }),
      ),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    const now = await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200);
    expect(now.body.version).toBe(2);
  });

  it('refuses scenes that are not Excalidraw, too large, or carry inline images, and saves nothing', async () => {
    const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Bad' }).expect(201)).body;
    const bad = [{ elements: 'nope' }, { hello: 'world' }, [rect()]];
    for (const s of bad) {
      const res = await request(backend.http).put(`/api/projects/${p.id}`).set(auth(alice)).send({ scene: s, version: 1 }).expect(400);
      expect(res.body.message).toBe(PublishMessages.sceneInvalid);
    }
    const inline = await request(backend.http)
      .put(`/api/projects/${p.id}`)
      .set(auth(alice))
      .send({ scene: { ...scene(rect()), files: { f1: { id: 'f1', mimeType: 'image/png', dataURL: 'data:image/png;base64,AAAA' } } }, version: 1 })
      .expect(400);
    expect(inline.body.message).toBe(PublishMessages.inlineImage);

    const big = scene(...Array.from({ length: 10 }, () => rect({ customData: { pad: 'x'.repeat(Math.ceil(SCENE_MAX_BYTES / 10)) } })));
    const tooBig = await request(backend.http).put(`/api/projects/${p.id}`).set(auth(alice)).send({ scene: big, version: 1 });
    expect(tooBig.status).toBe(413);

    const nearLimit = scene(...Array.from({ length: 4 }, () => rect({ customData: { pad: 'x'.repeat(Math.ceil(SCENE_MAX_BYTES / 4) + 1_000) } })));
    const over = await request(backend.http).put(`/api/projects/${p.id}`).set(auth(alice)).send({ scene: nearLimit, version: 1 }).expect(413);
    expect(over.body.message).toBe(PublishMessages.sceneTooLarge);

    await request(backend.http).put(`/api/projects/${p.id}`).set(auth(alice)).send({ scene: scene(), version: 'x' }).expect(400);
    const after = await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200);
    expect(after.body).toMatchObject({ version: 1, scene: { elements: [] } });
  });

  it('restores elements as Excalidraw does instead of refusing them: fields filled, undrawable ones dropped, unsafe links removed', async () => {
    const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Old' }).expect(201)).body;
    const old = { id: 'old', type: 'rectangle', x: 1, y: 2, width: 30, height: 40 };
    const res = await request(backend.http)
      .put(`/api/projects/${p.id}`)
      .set(auth(alice))
      .send({ scene: scene(old, { id: 'x', type: 'script' }, rect({ id: 'v', version: 'one' }), rect({ id: 'l', link: 'javascript:alert(1)' })), version: 1 })
      .expect(200);
    expect(res.body.scene.elements.map((e: { id: string }) => e.id)).toEqual(['old', 'v', 'l']);
    expect(res.body.scene.elements[0]).toMatchObject({ version: 1, versionNonce: 0, isDeleted: false, strokeColor: '#1e1e1e' });
    expect(res.body.scene.elements[1].version).toBe(1);
    expect(res.body.scene.elements[2].link).toBeNull();
  });

  it("keeps other users out of a project: someone else's project is not found", async () => {
    const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Mine' }).expect(201)).body;
    await request(backend.http).get(`/api/projects/${p.id}`).set(auth(bob)).expect(404);
    await request(backend.http).put(`/api/projects/${p.id}`).set(auth(bob)).send({ title: 'Hacked', version: 1 }).expect(404);
    await request(backend.http).delete(`/api/projects/${p.id}`).set(auth(bob)).expect(404);
    await request(backend.http).post(`/api/projects/${p.id}/publish`).set(auth(bob)).send({}).expect(404);
    await request(backend.http).post(`/api/projects/${p.id}/share`).set(auth(bob)).expect(404);
    await request(backend.http).get('/api/projects/not-a-uuid').set(auth(bob)).expect(404);
    const mine = await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200);
    expect(mine.body.title).toBe('Mine');
  });

  it('saves a board made offline to the account with its scene', async () => {
    const res = await request(backend.http)
      .post('/api/projects')
      .set(auth(alice))
      .send({ title: 'Offline board', scene: scene(rect()) })
      .expect(201);
    expect(res.body.scene.elements).toHaveLength(1);
  });

  it('keeps images as references to uploads of the owner', async () => {
    const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');
    const up = await request(backend.http).post('/api/uploads').set(auth(alice)).attach('file', png, { filename: 'dot.png', contentType: 'image/png' });
    expect(up.status).toBe(201);
    const fileId = up.body.file_id as string;
    const withImage = {
      ...scene(rect({ id: 'img', type: 'image', fileId: 'f1', status: 'saved', scale: [1, 1] })),
      files: { f1: { id: 'f1', mimeType: 'image/png', file_id: fileId, created: 1 } },
    };
    const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Img' }).expect(201)).body;
    await request(backend.http).put(`/api/projects/${p.id}`).set(auth(alice)).send({ scene: withImage, version: 1 }).expect(200);
    const img = await request(backend.http).get(`/api/projects/${p.id}/files/${fileId}`).set(auth(alice)).expect(200);
    expect(img.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(img.body as Buffer, png)).toBe(0);
    // Bob cannot put Alice's upload in his own project.
    const q = (await request(backend.http).post('/api/projects').set(auth(bob)).send({ title: 'Theft' }).expect(201)).body;
    const stolen = await request(backend.http).put(`/api/projects/${q.id}`).set(auth(bob)).send({ scene: withImage, version: 1 }).expect(400);
    expect(stolen.body.message).toBe(PublishMessages.fileNotFound);
    await request(backend.http).get(`/api/projects/${p.id}/files/${fileId}`).set(auth(bob)).expect(404);
  });
  it('stores one-element saves as what changed and reads them back the same from every reader, folding them into the stored scene after a run', async () => {
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    try {
      const changeRows = async (id: string) =>
        Number((await db.query(`SELECT count(*) AS n FROM "publish"."project_changes" WHERE project_id = $1`, [id])).rows[0].n);
      const board = Array.from({ length: 40 }, (_, i) => rect({ id: `e${i}`, index: `a${String(i).padStart(2, '0')}` }));
      const p = (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Log' }).expect(201)).body;
      let version = (
        await request(backend.http)
          .put(`/api/projects/${p.id}`)
          .set(auth(alice))
          .send({ scene: scene(...board), version: 1 })
          .expect(200)
      ).body.version;
      let expected = (await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200)).body.scene.elements as SceneElement[];
      const share = (await request(backend.http).post(`/api/projects/${p.id}/share`).set(auth(alice)).expect(200)).body;
      const seen = (elements: SceneElement[]) => elements.map((e) => `${e.id}:${e.version}:${e.x}`);

      // a run of one-element saves: moved elements, a stale copy, a new element placed between two others
      for (let k = 0; k < COMPACT_AFTER + 5; k++) {
        const el =
          k === 7
            ? rect({ id: 'new', index: 'a05V', version: 1 })
            : k === 9
              ? { ...expected.find((e) => e.id === 'e3')!, x: -1 } // same version: stays as it is
              : { ...expected.find((e) => e.id === `e${k % 10}`)!, x: 1000 + k, version: expected.find((e) => e.id === `e${k % 10}`)!.version + 1 };
        const res = await request(backend.http)
          .patch(`/api/projects/${p.id}/elements`)
          .set(auth(alice))
          .send({ elements: [el] })
          .expect(200);
        expected = mergeElementLists(expected, [el as SceneElement]).elements;
        if (res.body.changed) version += 1;
        expect(res.body.version).toBe(version);
        const read = (await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200)).body;
        expect(read.version).toBe(version);
        expect(seen(read.scene.elements)).toEqual(seen(expected));
      }
      expect(seen(expected).slice(5, 8)).toEqual([
        expect.stringMatching(/^e5:/),
        'new:1:' + expected.find((e) => e.id === 'new')!.x,
        expect.stringMatching(/^e6:/),
      ]);
      // the share link reads the same scene
      expect(seen((await request(backend.http).get(`/api/share/${share.share_id}`).expect(200)).body.scene.elements)).toEqual(seen(expected));
      // after COMPACT_AFTER changes the scene is stored whole at that version, and its changes go
      await waitFor(async () => (await changeRows(p.id)) < COMPACT_AFTER, 10_000);
      const stored = (await db.query(`SELECT base_version FROM "publish"."projects" WHERE id = $1`, [p.id])).rows[0].base_version as number;
      expect(stored).toBeGreaterThan(version - COMPACT_AFTER);
      expect(await changeRows(p.id)).toBe(version - stored);
      expect(seen((await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200)).body.scene.elements)).toEqual(seen(expected));

      // a whole save makes the changes before it obsolete; merges after it build on it
      const whole = board.slice(0, 3);
      version = (
        await request(backend.http)
          .put(`/api/projects/${p.id}`)
          .set(auth(alice))
          .send({ scene: scene(...whole), version })
          .expect(200)
      ).body.version;
      expect(await changeRows(p.id)).toBe(0);
      const moved = { ...whole[1], x: 77, version: 50 };
      await request(backend.http)
        .patch(`/api/projects/${p.id}/elements`)
        .set(auth(alice))
        .send({ elements: [moved] })
        .expect(200);
      const after = (await request(backend.http).get(`/api/projects/${p.id}`).set(auth(alice)).expect(200)).body;
      expect(after.version).toBe(version + 1);
      expect(seen(after.scene.elements)).toEqual(['e0:1:' + whole[0].x, 'e1:50:77', 'e2:1:' + whole[2].x]);
      // a title-only save answers the live scene too
      const renamed = (
        await request(backend.http)
          .put(`/api/projects/${p.id}`)
          .set(auth(alice))
          .send({ title: 'Log 2', version: version + 1 })
          .expect(200)
      ).body;
      expect(seen(renamed.scene.elements)).toEqual(seen(after.scene.elements));
    } finally {
      await db.end();
    }
  });
});
