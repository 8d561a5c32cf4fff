import { createTestEnv, signUp, waitFor, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';
import { VersionsService } from './versions.service';

interface Version {
  id: string;
  project_version: number;
  reason: string;
  changed_elements: number;
  elements: number;
  author_id: string | null;
}
const ids = (s: { elements: { id: string }[] }) => s.elements.map((e) => e.id);

describe('version history of projects', () => {
  let t: TestEnv;
  let backend: Backend;
  let owner: SignedUp;
  let editor: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const api = () => request(backend.http);
  const versions = async (id: string, u = owner): Promise<Version[]> => (await api().get(`/api/projects/${id}/versions`).set(auth(u)).expect(200)).body;
  const save = async (id: string, s: object, version: number, u = owner) =>
    (await api().put(`/api/projects/${id}`).set(auth(u)).send({ scene: s, version }).expect(200)).body as { version: number };
  const publish = (id: string) => api().post(`/api/projects/${id}/publish`).set(auth(owner)).send({}).expect(200);

  beforeAll(async () => {
    // versions kept at the save itself here; waiting for saves to pause is tested below
    t = await createTestEnv('versions', { RATE_LIMIT_MAX: '10000', VERSIONS_KEEP: '5', VERSION_SETTLE_MS: '0' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    [owner, editor] = await Promise.all([signUp(backend.url, { scope: ['publisher'] }), signUp(backend.url)]);
  }, 90_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('keeps at most one version per interval while saving, plus one on publish, with who changed it and how much', async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'H' }).expect(201)).body;
    await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: editor.email, role: 'editor' }).expect(201);
    const a = rect({ id: 'a' });
    const first = await save(p.id, scene(a), 1, editor);
    const second = await save(p.id, scene(a, rect({ id: 'b' })), first.version);
    let list = await versions(p.id);
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ project_version: first.version, reason: 'save', changed_elements: 1, elements: 1, author_id: editor.user.id });

    await publish(p.id);
    list = await versions(p.id, editor);
    expect(list.map((v) => [v.reason, v.project_version, v.changed_elements])).toEqual([
      ['publish', second.version, 1],
      ['save', first.version, 1],
    ]);
    const old = (await api().get(`/api/projects/${p.id}/versions/${list[1].id}`).set(auth(editor)).expect(200)).body;
    expect(ids(old.scene)).toEqual(['a']);
    await api().get(`/api/projects/${p.id}/versions/not-a-uuid`).set(auth(owner)).expect(404);
    await api().get(`/api/projects/${p.id}/versions/00000000-0000-4000-8000-000000000000`).set(auth(owner)).expect(404);
  });

  it('restores a version after keeping the current scene, so the restore can be undone', async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'R' }).expect(201)).body;
    const v2 = await save(p.id, scene(rect({ id: 'one' })), 1);
    const v3 = await save(p.id, scene(rect({ id: 'one' }), rect({ id: 'two' }), rect({ id: 'three' })), v2.version);
    const [kept] = await versions(p.id);
    expect(kept.project_version).toBe(v2.version);

    const restored = (await api().post(`/api/projects/${p.id}/versions/${kept.id}/restore`).set(auth(owner)).expect(200)).body;
    // elements added since are deleted, and every element is newer than before, so editors that merge by version take them
    const live = (s: { elements: { id: string; isDeleted: boolean }[] }) => s.elements.filter((e) => !e.isDeleted).map((e) => e.id);
    expect(live(restored.scene)).toEqual(['one']);
    expect(restored.scene.elements.map((e: { id: string; version: number }) => [e.id, e.version])).toEqual([
      ['one', 2],
      ['two', 2],
      ['three', 2],
    ]);
    expect(restored.version).toBe(v3.version + 1);
    const now = (await api().get(`/api/projects/${p.id}`).set(auth(owner)).expect(200)).body;
    expect(live(now.scene)).toEqual(['one']);

    const list = await versions(p.id);
    expect(list[0]).toMatchObject({ reason: 'restore', project_version: v3.version, elements: 3 });
    // undo: restoring the version made by the restore brings back every element
    const back = (await api().post(`/api/projects/${p.id}/versions/${list[0].id}/restore`).set(auth(owner)).expect(200)).body;
    expect(live(back.scene)).toEqual(['one', 'two', 'three']);
    expect(back.scene.elements.every((e: { version: number }) => e.version === 3)).toBe(true);
    await api().post(`/api/projects/${p.id}/versions/00000000-0000-4000-8000-000000000000/restore`).set(auth(owner)).expect(404);
  });

  it('stores a one-element change of a large board in a small fraction of the scene size', async () => {
    const elements = Array.from({ length: 1000 }, (_, i) => rect({ id: `e${i}`, x: i * 13.7, y: (i * 7919) % 1000, seed: i * 104729, versionNonce: i * 31 }));
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Big' }).expect(201)).body;
    const v = await save(p.id, scene(...elements), 1);
    await publish(p.id);
    elements[500] = { ...elements[500], x: 1, version: 2, versionNonce: 99 };
    const big = scene(...elements);
    await save(p.id, big, v.version);
    await publish(p.id);
    const [latest, base] = await versions(p.id);
    expect(latest).toMatchObject({ reason: 'publish', changed_elements: 1, elements: 1000 });
    const store = backend.services.publish!.app.get(VersionsService);
    const sceneBytes = Buffer.byteLength(JSON.stringify(big));
    const deltaBytes = await store.storedBytes(latest.id);
    const fullBytes = await store.storedBytes(base.id);

    console.log(
      `scene ${sceneBytes} B, first version (whole, compressed) ${fullBytes} B, one-element change ${deltaBytes} B (${((deltaBytes / sceneBytes) * 100).toFixed(2)}%)`,
    );
    expect(deltaBytes / sceneBytes).toBeLessThan(0.2);
    const read = (await api().get(`/api/projects/${p.id}/versions/${latest.id}`).set(auth(owner)).expect(200)).body;
    expect(read.scene.elements[500]).toMatchObject({ id: 'e500', x: 1, version: 2 });
    expect(ids(read.scene)).toEqual(elements.map((e) => e.id));
  });

  it('keeps only the configured number of versions, and the oldest kept one still reads whole', async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Many' }).expect(201)).body;
    let version = 1;
    const els: object[] = [];
    for (let i = 0; i < 8; i++) {
      els.push(rect({ id: `n${i}` }));
      version = (await save(p.id, scene(...els), version)).version;
      await publish(p.id);
    }
    const list = await versions(p.id);
    expect(list).toHaveLength(5);
    const oldest = (await api().get(`/api/projects/${p.id}/versions/${list[4].id}`).set(auth(owner)).expect(200)).body;
    expect(ids(oldest.scene)).toEqual(['n0', 'n1', 'n2', 'n3']);
  });
});

describe('versions of saves that follow each other (the live channel saves a stroke as it is drawn)', () => {
  const SETTLE_MS = 2_000;
  const INTERVAL_MS = 8_000;
  let t: TestEnv;
  let backend: Backend;
  let owner: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const api = () => request(backend.http);
  const versions = async (id: string): Promise<Version[]> => (await api().get(`/api/projects/${id}/versions`).set(auth(owner)).expect(200)).body;
  const save = async (id: string, s: object, version: number) =>
    (await api().put(`/api/projects/${id}`).set(auth(owner)).send({ scene: s, version }).expect(200)).body as { version: number };
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  beforeAll(async () => {
    t = await createTestEnv('versions-settle', { RATE_LIMIT_MAX: '10000', VERSION_SETTLE_MS: String(SETTLE_MS), VERSION_INTERVAL_MS: String(INTERVAL_MS) });
    backend = await startBackend(t.env, ['auth', 'publish']);
    owner = await signUp(backend.url);
  }, 90_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('keeps a version once the saves pause, with the shape as it was left, never half drawn', async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Stroke' }).expect(201)).body;
    let version = 1;
    // a rectangle dragged out over six saves
    for (let width = 10; width <= 60; width += 10) {
      version = (await save(p.id, scene(rect({ id: 'r', width, version: width })), version)).version;
      expect(await versions(p.id)).toEqual([]);
      await pause(100);
    }
    const [kept, ...more] = (await waitFor(async () => {
      const list = await versions(p.id);
      return list.length ? list : null;
    }, 15_000)) as Version[];
    expect(more).toEqual([]);
    expect(kept).toMatchObject({ project_version: version, reason: 'save', author_id: owner.user.id });
    const whole = (await api().get(`/api/projects/${p.id}/versions/${kept.id}`).set(auth(owner)).expect(200)).body;
    expect(whole.scene.elements.map((e: { width: number }) => e.width)).toEqual([60]);
  });

  it('still keeps one per interval when the saves never pause', async () => {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Busy' }).expect(201)).body;
    let version = 1;
    const started = Date.now();
    let list: Version[] = [];
    for (let i = 1; !list.length; i++) {
      if (Date.now() - started > INTERVAL_MS + 10_000) throw new Error('no version while the saves went on');
      version = (await save(p.id, scene(rect({ id: 'r', width: i, version: i })), version)).version;
      list = await versions(p.id);
      await pause(250);
    }
    // kept at a save, once the interval had gone by since the saves began
    expect(Date.now() - started).toBeGreaterThanOrEqual(INTERVAL_MS);
    expect(list).toHaveLength(1);
    expect(list[0].project_version).toBe(version);
  }, 60_000);
});
