import { PublishMessages, SCENE_MAX_BYTES, sceneBytes, type Project } from '@visualnotes/contracts';
import { createTestEnv, floodFromThread, sceneRectangle, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { LARGE_BODY_BYTES_PER_SECOND } from '../common/body-limits';

const sceneOf = (elements: unknown[]) => ({ type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} });

/** `count` full rectangles (as the editor sends them) whose scene is about `bytes` as sent. */
function sceneNear(count: number, bytes: number) {
  const bare = JSON.stringify(sceneOf(Array.from({ length: count }, () => sceneRectangle({}, 'big')))).length;
  const pad = Math.max(0, Math.floor((bytes - bare) / count) - 20);
  return sceneOf(Array.from({ length: count }, () => sceneRectangle({ customData: { note: 'n'.repeat(pad) } }, 'big')));
}

/**
 * Elements as some clients send them: only what Excalidraw cannot do without. Restoring them on the
 * server fills in the rest (about 300 bytes each), so the stored scene is much larger than the sent one.
 */
function bareScene(count: number, bytes: number) {
  const element = (i: number, pad: string) => ({ id: `bare-${i}`, type: 'rectangle', x: i, y: 0, width: 10, height: 10, customData: { note: pad } });
  const bare = JSON.stringify(sceneOf(Array.from({ length: count }, (_, i) => element(i, '')))).length;
  const pad = 'p'.repeat(Math.max(0, Math.floor((bytes - bare) / count)));
  return sceneOf(Array.from({ length: count }, (_, i) => element(i, pad)));
}

interface Answer {
  status: number;
  body: { statusCode?: number; message?: string } & Partial<Project>;
  retryAfter: string | null;
}

describe('saving large canvases', () => {
  let t: TestEnv;
  let backend: Backend;

  beforeAll(async () => {
    t = await createTestEnv('saves');
    backend = await startBackend(t.env, ['auth', 'license', 'publish']);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const call = async (user: SignedUp, method: string, path: string, body?: unknown): Promise<Answer> => {
    const res = await fetch(`${backend.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : {}, retryAfter: res.headers.get('retry-after') };
  };
  /**
   * A request asked again while it is answered 503 ("busy, try again", as the editor does): with
   * every service in this one process, the huge saves of the test before can keep them busy for
   * seconds after it ends.
   */
  const served = async (ask: () => Promise<Answer>): Promise<Answer> => {
    const until = Date.now() + 60_000;
    for (;;) {
      const answer = await ask();
      if (answer.status !== 503 || Date.now() > until) return answer;
      await new Promise((r) => setTimeout(r, 500));
    }
  };
  const newProject = async (user: SignedUp) => (await call(user, 'POST', '/api/projects', { title: 'Big' })).body as Project;

  it("refuses one person's parallel huge saves with 429 before any work, and never slows anyone else down", async () => {
    const [saver, other] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
    const project = await newProject(saver);
    // 9,000 elements, 5.8 MB as sent
    const body = JSON.stringify({ scene: sceneNear(9_000, 5_800_000), version: project.version });
    expect(body.length).toBeGreaterThan(5_700_000);

    const latencies: number[] = [];
    const otherStatuses: number[] = [];
    let saving = true;
    const reading = (async () => {
      while (saving) {
        const t0 = performance.now();
        const res = await fetch(`${backend.url}/api/projects`, { headers: { authorization: `Bearer ${other.token}` } });
        await res.arrayBuffer();
        latencies.push(performance.now() - t0);
        otherStatuses.push(res.status);
      }
    })();
    const flooded = performance.now();
    // sent from a thread of their own: the abuser's client is not the server's work
    const answers = (await floodFromThread(
      `${backend.url}/api/projects/${project.id}`,
      { method: 'PUT', headers: { authorization: `Bearer ${saver.token}`, 'content-type': 'application/json' }, body },
      20,
    )) as Answer[];
    saving = false;
    await reading;

    const statuses = answers.map((a) => a.status);
    const worst = Math.round(Math.max(...latencies));
    console.log(
      `20 parallel saves of ${(body.length / 1e6).toFixed(1)} MB: ${JSON.stringify(statuses)}; another user's GET x${latencies.length}, worst ${worst} ms`,
    );
    // no 5xx for anyone: saved (200), or based on a version saved meanwhile (409), or over the budget (429)
    expect(statuses.filter((s) => !(s === 200 || s === 409 || s === 429))).toEqual([]);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // two huge bodies in hand at once at most, and the budget holds two at the limit: the rest are
    // refused at once, before they are read, in words, with when to try again
    const refused = answers.filter((a) => a.status === 429);
    expect(refused.length).toBeGreaterThanOrEqual(17);
    for (const a of refused) {
      expect(a.body).toEqual({ statusCode: 429, message: expect.stringMatching(/^You are sending too much at once; please wait \d+ seconds? and try again/) });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    expect(otherStatuses.every((s) => s === 200)).toBe(true);
    expect(latencies.length).toBeGreaterThan(2);
    // The other person's worst latency is printed above, not bounded here: this test runs every
    // service in one process, beside other test layers, so its timing is the machine's. The
    // bound (500 ms) is measured where timing means something: `npm run bench canvas`.
    expect(worst).toBeGreaterThan(0);

    // the refused bodies were charged too: the saver waits, everyone else does not
    const next = await call(saver, 'PUT', `/api/projects/${project.id}`, { title: 'Renamed', scene: sceneOf([]), version: 2 });
    // the wait is what the charged bodies still owe: at least two at the limit, less the time since
    // they were sent (on a slow run most of it may be paid already)
    const owed = (2 * body.length) / LARGE_BODY_BYTES_PER_SECOND - (performance.now() - flooded) / 1000;
    if (owed >= 1) {
      expect(next.status).toBe(429);
      expect(Number(next.retryAfter)).toBeGreaterThanOrEqual(Math.floor(owed));
    } else expect([200, 409, 429]).toContain(next.status);
    expect((await call(other, 'GET', '/api/projects')).status).toBe(200);
  }, 120_000);

  it('measures the scene limit on what is sent: a scene at 90% of it saves even when restoring makes it larger; one over it is refused in words', async () => {
    const user = await signUp(backend.url);
    const project = await newProject(user);
    const near = bareScene(8_000, 0.9 * SCENE_MAX_BYTES);
    const nearText = JSON.stringify(near);
    expect(sceneBytes(nearText)).toBeGreaterThan(0.89 * SCENE_MAX_BYTES);
    expect(sceneBytes(nearText)).toBeLessThanOrEqual(0.9 * SCENE_MAX_BYTES);
    const saved = await call(user, 'PUT', `/api/projects/${project.id}`, { scene: near, version: project.version });
    expect(saved.status).toBe(200);
    expect(saved.body.scene!.elements).toHaveLength(8_000);
    // restored, it is larger than the limit: what counts is what was sent
    expect(JSON.stringify(saved.body.scene).length).toBeGreaterThan(SCENE_MAX_BYTES);
    expect((await call(user, 'GET', `/api/projects/${project.id}`)).body.scene!.elements).toHaveLength(8_000);

    const other = await signUp(backend.url);
    const second = await newProject(other);
    // just over the limit as sent (within the body limit): refused by the service with the scene's message
    const over = bareScene(100, SCENE_MAX_BYTES + 10_000);
    const refused = await call(other, 'PUT', `/api/projects/${second.id}`, { scene: over, version: second.version });
    expect(refused.status).toBe(413);
    expect(refused.body).toEqual({ statusCode: 413, message: PublishMessages.sceneTooLarge });
    // far over it (past the body limit): refused before a byte is read, with the same words
    const huge = JSON.stringify({ scene: bareScene(100, 7_000_000), version: second.version });
    const unread = await call(other, 'PUT', `/api/projects/${second.id}`, huge);
    expect(unread.status).toBe(413);
    expect(unread.body).toEqual({ statusCode: 413, message: PublishMessages.sceneTooLarge });
    expect(PublishMessages.sceneTooLarge).toContain('6.0 MB');
  }, 120_000);

  it('saves a one-element change of a 10,000-element board as that element alone, merged by element version', async () => {
    const [user, editor] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
    const project = await newProject(user);
    const board = sceneNear(10_000, 4_500_000);
    const first = await served(() => call(user, 'PUT', `/api/projects/${project.id}`, { scene: board, version: project.version }));
    expect(first.status).toBe(200);
    const target = board.elements[4_321] as { id: string; version: number; x: number };
    const changed = { ...target, x: 12_345, version: target.version + 1 };
    const body = JSON.stringify({ elements: [changed] });
    expect(body.length).toBeLessThan(2_000);

    const t0 = performance.now();
    const merged = await served(() => call(user, 'PATCH', `/api/projects/${project.id}/elements`, body));
    console.log(`one-element change of a 10,000-element board: ${body.length} bytes sent, answered in ${Math.round(performance.now() - t0)} ms`);
    expect(merged.status).toBe(200);
    // one new version with the change; when a busy answer (503) was asked again, the first ask may
    // already have made it, and the second then changes nothing
    expect(merged.body.version).toBe(first.body.version! + 1);
    expect((merged.body as { changed?: number }).changed).toBeLessThanOrEqual(1);
    const read = (await call(user, 'GET', `/api/projects/${project.id}`)).body.scene!;
    expect(read.elements).toHaveLength(10_000);
    expect(read.elements.find((e) => e.id === target.id)).toMatchObject({ x: 12_345, version: target.version + 1 });

    // an older copy of the element (an offline device) does not win; nothing is saved
    const stale = await call(user, 'PATCH', `/api/projects/${project.id}/elements`, { elements: [{ ...target, x: 1 }] });
    expect(stale.body).toEqual({ version: first.body.version! + 1, changed: 0 });
    // someone the project is not shared with learns nothing; bad input is refused in words
    expect((await call(editor, 'PATCH', `/api/projects/${project.id}/elements`, { elements: [changed] })).status).toBe(404);
    const bad = await call(user, 'PATCH', `/api/projects/${project.id}/elements`, { elements: [{ id: 'x' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toEqual(expect.any(String));
    expect((await call(user, 'PATCH', `/api/projects/${project.id}/elements`, { elements: [] })).status).toBe(400);
  }, 120_000);
});
