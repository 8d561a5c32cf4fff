import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';
import { VersionsService } from './versions.service';

interface Version {
  id: string;
  project_version: number;
  reason: string;
  author_id: string | null;
  editor_ids: string[];
}
interface El {
  id: string;
  x: number;
  version: number;
  isDeleted: boolean;
  strokeColor?: string;
}
interface Comparison {
  added: string[];
  removed: string[];
  changed: string[];
  counts: { added: number; removed: number; changed: number };
  from: Version;
  to: Version | null;
}

/**
 * Comparing versions and restoring chosen elements. A version is kept at the first save and then
 * at most once an hour here, so the saves between two versions all fall in one window; the tests
 * keep the next version when they need it, as publishing or a restore would.
 */
describe('comparing versions and restoring chosen elements', () => {
  let t: TestEnv;
  let backend: Backend;
  let owner: SignedUp;
  let editor: SignedUp;
  let viewer: SignedUp;
  let stranger: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const api = () => request(backend.http);
  const versions = async (id: string, u = owner): Promise<Version[]> => (await api().get(`/api/projects/${id}/versions`).set(auth(u)).expect(200)).body;
  const current = async (id: string) =>
    (await api().get(`/api/projects/${id}`).set(auth(owner)).expect(200)).body as { version: number; scene: { elements: El[] } };
  const save = async (id: string, elements: object[], u = owner) => {
    const { version } = await current(id);
    return (
      await api()
        .put(`/api/projects/${id}`)
        .set(auth(u))
        .send({ scene: scene(...elements), version })
        .expect(200)
    ).body as { version: number };
  };
  /** Keeps the project as it is now as a version (as publishing does), made by `u`. */
  const keepNow = async (id: string, u: SignedUp) => {
    const now = await current(id);
    await backend.services.publish!.app.get(VersionsService).keep(id, now.version, now.scene as never, u.user.id, 'publish', 'force');
    return (await versions(id))[0];
  };
  const compare = (id: string, from: string, to: string, u = owner) => api().get(`/api/projects/${id}/versions/compare`).query({ from, to }).set(auth(u));
  const restoreElements = (id: string, versionId: string, ids: unknown, u = owner) =>
    api().post(`/api/projects/${id}/versions/${versionId}/restore-elements`).set(auth(u)).send({ element_ids: ids });

  beforeAll(async () => {
    t = await createTestEnv('versions-compare', { RATE_LIMIT_MAX: '10000', VERSION_SETTLE_MS: '0', VERSION_INTERVAL_MS: '3600000' });
    backend = await startBackend(t.env, ['auth', 'publish']);
    [owner, editor, viewer, stranger] = await Promise.all([signUp(backend.url), signUp(backend.url), signUp(backend.url), signUp(backend.url)]);
  }, 90_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  /** A project shared with the editor and the viewer, with a first version: a, b, c, d. */
  async function board() {
    const p = (await api().post('/api/projects').set(auth(owner)).send({ title: 'Compare' }).expect(201)).body as { id: string };
    for (const [who, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const)
      await api().post(`/api/projects/${p.id}/collaborators`).set(auth(owner)).send({ email: who.email, role }).expect(201);
    const first = [rect({ id: 'a', x: 0 }), rect({ id: 'b', x: 100 }), rect({ id: 'c', x: 200 }), rect({ id: 'd', x: 300 })];
    await save(p.id, first);
    const [v1] = await versions(p.id);
    return { id: p.id, v1, first };
  }

  it('lists exactly the elements added, removed and changed between two versions, and who made each version', async () => {
    const { id, v1 } = await board();
    // the editor moves a, deletes b, adds e, and touches d without changing it; c stays as it was
    await save(
      id,
      [
        rect({ id: 'a', x: 50, version: 2, versionNonce: 21 }),
        rect({ id: 'b', x: 100, version: 2, versionNonce: 22, isDeleted: true }),
        rect({ id: 'c', x: 200 }),
        rect({ id: 'd', x: 300, version: 2, versionNonce: 24 }),
        rect({ id: 'e', x: 400 }),
      ],
      editor,
    );
    // then the owner adds f
    await save(
      id,
      [
        rect({ id: 'a', x: 50, version: 2, versionNonce: 21 }),
        rect({ id: 'b', x: 100, version: 2, versionNonce: 22, isDeleted: true }),
        rect({ id: 'c', x: 200 }),
        rect({ id: 'd', x: 300, version: 2, versionNonce: 24 }),
        rect({ id: 'e', x: 400 }),
        rect({ id: 'f', x: 500 }),
      ],
      owner,
    );
    const v2 = await keepNow(id, owner);
    expect(v2.id).not.toBe(v1.id);

    const res = (await compare(id, v1.id, v2.id).expect(200)).body as Comparison;
    expect(res).toMatchObject({ added: ['e', 'f'], removed: ['b'], changed: ['a'], counts: { added: 2, removed: 1, changed: 1 } });
    expect(res.from.id).toBe(v1.id);
    expect(res.to?.id).toBe(v2.id);
    // the other way round
    expect((await compare(id, v2.id, v1.id).expect(200)).body).toMatchObject({ added: ['b'], removed: ['e', 'f'], changed: ['a'] });
    expect((await compare(id, v1.id, v1.id).expect(200)).body.counts).toEqual({ added: 0, removed: 0, changed: 0 });

    // everyone who saved in the window is named, first to change it first; the field names stay
    const [newest, oldest] = await versions(id, viewer);
    expect(newest).toMatchObject({ id: v2.id, author_id: owner.user.id, editor_ids: [editor.user.id, owner.user.id] });
    expect(oldest).toMatchObject({ id: v1.id, author_id: owner.user.id, editor_ids: [owner.user.id] });
  });

  it('compares a version with the board as it is now, for viewers too; others learn nothing', async () => {
    const { id, v1 } = await board();
    await save(
      id,
      [rect({ id: 'a', x: 0 }), rect({ id: 'b', x: 100 }), rect({ id: 'c', x: 200, strokeColor: '#e03131', version: 2, versionNonce: 5 }), rect({ id: 'g' })],
      editor,
    );
    for (const u of [owner, editor, viewer]) {
      const res = (await compare(id, v1.id, 'current', u).expect(200)).body as Comparison;
      expect(res).toMatchObject({ added: ['g'], removed: ['d'], changed: ['c'], counts: { added: 1, removed: 1, changed: 1 }, to: null });
    }
    const nobody = await compare(id, v1.id, 'current', stranger).expect(404);
    expect(nobody.body.message).not.toMatch(/version/i);
    await compare(id, '00000000-0000-4000-8000-000000000000', 'current').expect(404);
    await compare(id, v1.id, 'yesterday').expect(404);
    await compare(id, 'not-an-id', 'current').expect(404);
    await api().get(`/api/projects/${id}/versions/compare`).set(auth(owner)).expect(404);
  });

  it('restores one element as it was, leaving every other element as it is', async () => {
    const { id, v1 } = await board();
    // a moved, b deleted, c recoloured, h added
    await save(
      id,
      [
        rect({ id: 'a', x: 70, version: 3, versionNonce: 31 }),
        rect({ id: 'b', x: 100, version: 2, versionNonce: 32, isDeleted: true }),
        rect({ id: 'c', x: 200, strokeColor: '#2f9e44', version: 2, versionNonce: 33 }),
        rect({ id: 'd', x: 300 }),
        rect({ id: 'h', x: 600 }),
      ],
      editor,
    );
    const before = await current(id);
    const res = await restoreElements(id, v1.id, ['a'], editor).expect(200);
    expect(res.body.restored.map((e: El) => e.id)).toEqual(['a']);
    const after = await current(id);
    expect(after.version).toBe(before.version + 1);
    const byId = (els: El[]) => new Map(els.map((e) => [e.id, e]));
    const [was, is] = [byId(before.scene.elements), byId(after.scene.elements)];
    // a is back where it was, newer than what editors hold, so live copies take it
    expect(is.get('a')).toMatchObject({ x: 0, isDeleted: false });
    expect(is.get('a')!.version).toBeGreaterThan(3);
    // the others are exactly as they were before the restore
    for (const other of ['b', 'c', 'd', 'h']) expect(is.get(other)).toEqual(was.get(other));
    expect(after.scene.elements.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd', 'h']);
    // the board as it was just before is kept, so the restore can be undone
    const [kept] = await versions(id);
    expect(kept).toMatchObject({ reason: 'restore', project_version: before.version });
    expect((await compare(id, kept.id, 'current').expect(200)).body).toMatchObject({ added: [], removed: [], changed: ['a'] });

    // a deleted element comes back; one added since goes (it was not on the board then)
    await restoreElements(id, v1.id, ['b', 'h'], owner).expect(200);
    const third = byId((await current(id)).scene.elements);
    expect(third.get('b')).toMatchObject({ x: 100, isDeleted: false });
    expect(third.get('h')).toMatchObject({ isDeleted: true });
    expect(third.get('c')).toEqual(is.get('c'));
  });

  it('puts an element gone from the board back where it was in the order', async () => {
    const { id, v1 } = await board();
    await save(id, [rect({ id: 'a' }), rect({ id: 'c', x: 200 }), rect({ id: 'd', x: 300 })]);
    await restoreElements(id, v1.id, ['b']).expect(200);
    expect((await current(id)).scene.elements.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lets only the owner and editors restore elements, and refuses a bad selection in words', async () => {
    const { id, v1 } = await board();
    await save(id, [rect({ id: 'a', x: 9, version: 2, versionNonce: 3 })]);
    const before = await current(id);
    const refused = await restoreElements(id, v1.id, ['a'], viewer).expect(403);
    expect(refused.body.message).toMatch(/view/i);
    await restoreElements(id, v1.id, ['a'], stranger).expect(404);
    for (const bad of [[], 'a', [''], [42], Array.from({ length: 10_001 }, (_, i) => `x${i}`)]) {
      const res = await restoreElements(id, v1.id, bad).expect(400);
      expect(res.body.message).toBe('Choose between 1 and 10,000 elements to restore');
    }
    const unknown = await restoreElements(id, v1.id, ['nope']).expect(400);
    expect(unknown.body.message).toMatch(/None of the chosen elements/);
    await restoreElements(id, '00000000-0000-4000-8000-000000000000', ['a']).expect(404);
    // nothing changed on the board
    expect((await current(id)).version).toBe(before.version);
  });
});
