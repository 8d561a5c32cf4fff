import { createTestEnv, signUp, waitFor, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { rect, scene } from '../../test/scenes';
import { svgSnapshot } from '../../test/snapshots';
import { SnapshotPool } from './snapshot-pool';

describe('publishing a large drawing', () => {
  let t: TestEnv;
  let backend: Backend;
  let publisher: SignedUp;
  const api = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${backend.url}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${publisher.token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  };

  beforeAll(async () => {
    t = await createTestEnv('snapshot_pool', { RATE_LIMIT_MAX: '10000', SNAPSHOT_WORKERS: '1', SNAPSHOT_CLEAN_TIMEOUT_MS: '60000', RPC_TIMEOUT_MS: '90000' });
    backend = await startBackend(t.env, ['auth', 'license', 'publish']);
    publisher = await signUp(backend.url, { scope: ['publisher'] });
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('leaves the publish service answering other requests while its snapshot is cleaned', async () => {
    const project = (await api('POST', '/projects', { title: 'Big board', scene: scene(rect()) })).body;
    const snapshots = backend.services.publish!.app.get(SnapshotPool);
    const order: string[] = [];

    const publishing = api('POST', `/projects/${project.id}/publish`, { svg: svgSnapshot(5000) }).then((res) => {
      order.push('publish');
      return res;
    });
    // Once a thread is cleaning the snapshot, the same service lists the user's projects.
    await waitFor(() => snapshots.cleaning > 0 || order.length > 0, 20_000, 5);
    const listing = await api('GET', '/projects');
    order.push('list');
    expect(listing.status).toBe(200);
    expect(listing.body.map((p: { id: string }) => p.id)).toContain(project.id);

    const published = await publishing;
    expect(published.status).toBe(200);
    expect(order).toEqual(['list', 'publish']);
    const snapshot = await fetch(`${backend.url}/api/p/${published.body.public_id}/snapshot.svg`);
    expect(snapshot.status).toBe(200);
    expect(await snapshot.text()).toContain('Note 4998');
  });
});
