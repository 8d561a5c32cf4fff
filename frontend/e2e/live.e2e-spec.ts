import { SCENE_MAX_BYTES, type Project, type ProjectVersion } from '@visualnotes/contracts';
import { sceneRectangle, signUp, Stack, waitFor, type SignedUp } from '@visualnotes/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, APP_URL, signIn, useBrowser } from './browser';

jest.setTimeout(180_000);

const chromium = useBrowser();
let owner: SignedUp;
let editor: SignedUp;
let stack: Stack;
let secondUrl: string;

beforeAll(async () => {
  [owner, editor] = await Promise.all([signUp(APP_URL), signUp(APP_URL)]);
  // a second gateway copy of the running product: the two users are served by different copies
  stack = Stack.join(JSON.parse(process.env.E2E_STACK_ENV!));
  secondUrl = (await stack.addGateway()).url;
}, 150_000);

afterAll(async () => {
  await stack?.close();
});

const api = apiAs;

async function signedIn(user: SignedUp, viewport = { width: 1280, height: 900 }): Promise<BrowserContext> {
  return signIn(await chromium.newContext({ viewport }), user);
}

/** What each page's live channel sent and received (message types, element ids), for failure messages. */
const traffic = new WeakMap<Page, string[]>();
function recordTraffic(page: Page) {
  const log: string[] = [];
  traffic.set(page, log);
  const describe = (payload: string | Buffer) => {
    try {
      const m = JSON.parse(String(payload)) as { type: string; elements?: { id: string; version: number }[]; seq?: number; upto?: number };
      if (m.type === 'ping' || m.type === 'pong' || m.type === 'presence') return null;
      return `${m.type}${m.elements ? ` ${m.elements.map((e) => `${e.id.slice(0, 4)}@${e.version}`).join(',')}` : ''}${m.seq !== undefined ? ` seq ${m.seq}` : ''}${m.upto !== undefined ? ` upto ${m.upto}` : ''}`;
    } catch {
      return 'unreadable';
    }
  };
  page.on('websocket', (ws) => {
    log.push('open');
    ws.on('framesent', (f) => {
      const d = describe(f.payload);
      if (d) log.push(`> ${d}`);
    });
    ws.on('framereceived', (f) => {
      const d = describe(f.payload);
      if (d) log.push(`< ${d}`);
    });
    ws.on('close', () => log.push('closed'));
  });
}

/** Opens the editor on a gateway copy and waits until the live channel is connected. */
async function openLive(user: SignedUp, base: string, id: string, viewport?: { width: number; height: number }): Promise<Page> {
  const page = await (await signedIn(user, viewport)).newPage();
  recordTraffic(page);
  await page.goto(`${base}/projects/${id}`, { waitUntil: 'domcontentloaded' });
  await page.locator('.excalidraw canvas').first().waitFor({ timeout: 30_000 });
  await page.waitForSelector('[data-testid="live-peers"][data-live-status="live"]', { timeout: 30_000 });
  return page;
}

async function drawShape(page: Page, key: string, x: number, y: number) {
  await page.keyboard.press('Escape');
  await page.keyboard.press(key);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 120, y + 80, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press('Escape');
}

const screen = async (page: Page) => {
  const el = page.locator('[data-testid="editor"]');
  return { count: Number(await el.getAttribute('data-element-count')), version: Number(await el.getAttribute('data-scene-version')) };
};

/** Both screens show the same scene (element count and Excalidraw's scene version), and so does the server. */
async function converged(a: Page, b: Page, id: string, count: number) {
  let last = '';
  try {
    return await waitFor(
      async () => {
        const [x, y] = [await screen(a), await screen(b)];
        const saved = await api<Project>(owner, 'GET', `/projects/${id}`);
        const version = saved.scene.elements.reduce((n, e) => n + e.version, 0);
        last = JSON.stringify({ a: x, b: y, server: { version, count: saved.scene.elements.filter((e) => !e.isDeleted).length } });
        if (x.count !== count || y.count !== count || x.version !== y.version) return null;
        return version === x.version ? x : null;
      },
      20_000,
      200,
    );
  } catch (err) {
    const talk = (p: Page) => (traffic.get(p) ?? []).slice(-25).join(' | ');
    throw new Error(`the screens and the server did not converge: ${last}\nfirst screen's live channel: ${talk(a)}\nsecond screen's: ${talk(b)}`, {
      cause: err,
    });
  }
}

async function sharedProject(title: string) {
  const project = await api<Project>(owner, 'POST', '/projects', { title });
  await api(owner, 'POST', `/projects/${project.id}/collaborators`, { email: editor.email, role: 'editor' });
  return project;
}

/**
 * A board of `elements` the owner shares with the editor, open on both screens (the owner's on the
 * first gateway copy, the editor's on the second) with every element shown.
 */
async function boardOnTwoScreens(title: string, elements: unknown[]) {
  const project = await api<Project>(owner, 'POST', '/projects', {
    title,
    scene: { type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} },
  });
  await api(owner, 'POST', `/projects/${project.id}/collaborators`, { email: editor.email, role: 'editor' });
  const a = await openLive(owner, APP_URL, project.id);
  const b = await openLive(editor, secondUrl, project.id);
  for (const page of [a, b]) await page.waitForSelector(`[data-testid="editor"][data-element-count="${elements.length}"]`, { timeout: 60_000 });
  return { project, a, b };
}

describe('editing together in the browser', () => {
  it('two users on different gateway copies see each other and both edits, the same element converges, the server holds it', async () => {
    const project = await sharedProject('Together');
    const a = await openLive(owner, APP_URL, project.id);
    const b = await openLive(editor, secondUrl, project.id);
    // each sees the other one here
    await a.waitForSelector(`[data-testid="live-peer"][title^="${editor.user.name}"]`, { timeout: 10_000 });
    await b.waitForSelector(`[data-testid="live-peer"][title^="${owner.user.name}"]`, { timeout: 10_000 });

    // different elements at the same time
    await Promise.all([drawShape(a, 'r', 250, 250), drawShape(b, 'o', 650, 450)]);
    await converged(a, b, project.id, 2);

    // the same element (the rectangle) moved on both screens at once
    const drag = async (page: Page, dx: number) => {
      await page.mouse.move(250, 290);
      await page.mouse.down();
      await page.mouse.move(250 + dx, 290 + 40, { steps: 4 });
      await page.mouse.up();
    };
    await Promise.all([drag(a, 60), drag(b, -40)]);
    const end = await converged(a, b, project.id, 2);
    expect(end!.version).toBeGreaterThan(2);

    // after a reload the merged scene is there
    await b.reload({ waitUntil: 'domcontentloaded' });
    await b.waitForSelector('[data-testid="live-peers"][data-live-status="live"]', { timeout: 30_000 });
    await converged(a, b, project.id, 2);
  });

  it("one user's offline edits merge on reconnect with the other's edits made meanwhile: both screens and the server hold every edit", async () => {
    const project = await sharedProject('Offline');
    const a = await openLive(owner, APP_URL, project.id);
    const b = await openLive(editor, secondUrl, project.id);
    await drawShape(a, 'r', 250, 250);
    await converged(a, b, project.id, 1);

    await b.context().setOffline(true);
    await b.waitForSelector('[data-testid="live-peers"][data-live-status="offline"]', { timeout: 10_000 });
    // both keep drawing: two shapes offline here, one live there
    await drawShape(b, 'o', 650, 450);
    await waitFor(async () => ((await screen(b)).count === 2 ? true : null), 10_000, 100);
    await drawShape(b, 'r', 450, 650);
    await drawShape(a, 'o', 250, 550);
    let counts = '';
    await waitFor(
      async () => {
        const [x, y] = [await screen(a), await screen(b)];
        counts = `here ${x.count}, offline ${y.count}`;
        return y.count === 3 && x.count === 2 ? true : null;
      },
      10_000,
      100,
    ).catch((err: Error) => {
      throw new Error(`${err.message} (${counts})`);
    });

    await b.context().setOffline(false);
    await b.waitForSelector('[data-testid="live-peers"][data-live-status="live"]', { timeout: 30_000 });
    await converged(a, b, project.id, 4);
  });

  it("shapes drawn while another person's changes stream in every few milliseconds all reach the server", async () => {
    const board = Array.from({ length: 300 }, (_, i) =>
      sceneRectangle({ id: `s-${i}`, x: (i % 30) * 70, y: 700 + Math.floor(i / 30) * 50, width: 60, height: 40 }),
    );
    const project = await api<Project>(owner, 'POST', '/projects', {
      title: 'Busy board',
      scene: { type: 'excalidraw', version: 2, elements: board, appState: { viewBackgroundColor: '#ffffff' }, files: {} },
    });
    await api(owner, 'POST', `/projects/${project.id}/collaborators`, { email: editor.email, role: 'editor' });
    const a = await openLive(owner, APP_URL, project.id);
    await a.waitForSelector(`[data-testid="editor"][data-element-count="${board.length}"]`, { timeout: 30_000 });
    // the other person: a live client moving elements of the board about 60 times a second
    const { WebSocket } = await import('ws');
    const other = new WebSocket(`${secondUrl.replace('http', 'ws')}/api/projects/${project.id}/live`, ['visualnotes.live', `bearer.${editor.token}`]);
    await new Promise<void>((resolve, reject) => {
      other.on('message', (data) => (JSON.parse(String(data)) as { type: string }).type === 'welcome' && resolve());
      other.on('error', reject);
    });
    try {
      const versions = new Map(board.map((e) => [e.id, e.version]));
      let k = 0;
      const stream = setInterval(() => {
        const e = board[k++ % board.length];
        const version = versions.get(e.id)! + 1;
        versions.set(e.id, version);
        other.send(JSON.stringify({ type: 'update', elements: [{ ...e, x: e.x + (k % 7), version, versionNonce: k }] }));
      }, 16);
      try {
        for (const [i, key] of ['r', 'o', 'r', 'o', 'r'].entries()) {
          await drawShape(a, key, 300 + i * 150, 250);
          await waitFor(async () => ((await screen(a)).count === board.length + i + 1 ? true : null), 10_000, 50);
        }
      } finally {
        clearInterval(stream);
      }
      // every shape drawn here is on the server, and the screen and the server agree
      let last = '';
      await waitFor(
        async () => {
          const saved = await api<Project>(owner, 'GET', `/projects/${project.id}`);
          const mine = saved.scene.elements.filter((e) => !e.isDeleted && !e.id.startsWith('s-')).length;
          const here = await screen(a);
          const version = saved.scene.elements.reduce((n, e) => n + e.version, 0);
          last = `drawn shapes on the server ${mine} of 5; screen ${JSON.stringify(here)}, server version ${version}`;
          return mine === 5 && here.count === board.length + 5 && here.version === version ? true : null;
        },
        20_000,
        200,
      ).catch((err: Error) => {
        throw new Error(`${err.message}: ${last}\nlive channel: ${(traffic.get(a) ?? []).slice(-20).join(' | ')}`);
      });
    } finally {
      other.close();
    }
  });

  it('on a phone, the people here and a dropped connection show beside the title; the editor menu has a name', async () => {
    const project = await sharedProject('Phone');
    const a = await openLive(owner, APP_URL, project.id);
    const b = await openLive(editor, secondUrl, project.id, { width: 375, height: 812 });
    await expect(a.getByRole('button', { name: 'Menu', exact: true }).isVisible()).resolves.toBe(true);
    const peer = b.getByTestId('live-peer');
    await peer.waitFor();
    // the owner's initial is on screen, not cut off under "More"
    const box = (await peer.boundingBox())!;
    const more = (await b.getByTestId('more-menu').boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(more.x);
    await b.context().setOffline(true);
    await b.waitForSelector('[data-testid="live-peers"][data-live-status="offline"]', { timeout: 10_000 });
    await expect(b.getByText('Reconnecting…').isVisible()).resolves.toBe(true);
    await b.context().setOffline(false);
    await b.waitForSelector('[data-testid="live-peers"][data-live-status="live"]', { timeout: 30_000 });
    await a.context().close();
    await b.context().close();
  });

  it('the history panel lists versions, previews one, and a restore shows on both screens', async () => {
    const project = await sharedProject('History');
    const a = await openLive(owner, APP_URL, project.id);
    const b = await openLive(editor, secondUrl, project.id);
    await drawShape(a, 'r', 250, 250);
    await converged(a, b, project.id, 1);
    // a version with one rectangle
    await waitFor(async () => ((await api<ProjectVersion[]>(owner, 'GET', `/projects/${project.id}/versions`)).length ? true : null), 10_000, 200);
    await drawShape(b, 'o', 650, 450);
    await converged(a, b, project.id, 2);

    const restoreFromPanel = async (pick: 'oldest' | 'newest') => {
      await a.getByTestId('more-menu').click();
      await a.getByTestId('history-button').click();
      const items = a.getByTestId('version-item');
      await items.first().waitFor();
      await (pick === 'oldest' ? items.last() : items.first()).click();
      // the preview is drawn read-only
      await a.locator('[data-testid="history-modal"] .excalidraw canvas').first().waitFor({ timeout: 20_000 });
      await a.getByTestId('restore-version').click();
      await a.getByTestId('restore-confirm').click();
      await a.getByTestId('history-modal').waitFor({ state: 'detached' });
    };
    // the oldest version (kept with the first change, before the ellipse): the ellipse goes on both screens
    const before = await api<ProjectVersion[]>(owner, 'GET', `/projects/${project.id}/versions`);
    await restoreFromPanel('oldest');
    const diag = async () =>
      JSON.stringify({
        before,
        now: await api<ProjectVersion[]>(owner, 'GET', `/projects/${project.id}/versions`),
        scene: (await api<Project>(owner, 'GET', `/projects/${project.id}`)).scene.elements.map((e) => [e.type, e.version, e.isDeleted]),
        screens: [await screen(a), await screen(b)],
      });
    const afterFirst = await waitFor(
      async () => {
        const p = await api<Project>(owner, 'GET', `/projects/${project.id}`);
        const n = p.scene.elements.filter((e) => !e.isDeleted).length;
        return n < 2 ? n : null;
      },
      10_000,
      200,
    ).catch(async (err) => {
      throw new Error(`the restore did not reach the server: ${await diag()}`, { cause: err });
    });
    await converged(a, b, project.id, afterFirst!);
    // the scene as it was before that restore was kept: restoring it brings both shapes back everywhere
    await restoreFromPanel('newest');
    await converged(a, b, project.id, 2);
    const versions = await api<ProjectVersion[]>(owner, 'GET', `/projects/${project.id}/versions`);
    expect(versions.filter((v) => v.reason === 'restore').length).toBe(2);
  });

  it('a 10,000-element board opens on both screens; a shape drawn on one reaches the other and survives a reload', async () => {
    const n = 10_000;
    const elements = Array.from({ length: n }, (_, i) => ({
      id: `big-${i}`,
      type: i % 3 === 0 ? 'ellipse' : 'rectangle',
      x: (i % 100) * 70,
      y: Math.floor(i / 100) * 50,
      width: 60,
      height: 40,
      backgroundColor: i % 2 ? '#a5d8ff' : 'transparent',
      fillStyle: 'solid',
      seed: i + 1,
      version: 1,
      versionNonce: i + 7,
      isDeleted: false,
    }));
    const { project, a, b } = await boardOnTwoScreens('Big board', elements);
    await drawShape(a, 'r', 400, 300);
    await converged(a, b, project.id, n + 1);
    await b.reload({ waitUntil: 'domcontentloaded' });
    await b.waitForSelector(`[data-testid="editor"][data-element-count="${n + 1}"] .excalidraw canvas`, { timeout: 60_000 });
    await converged(a, b, project.id, n + 1);
  });

  it('a board near the size limit opens for a collaborator on another gateway copy, and a shape drawn there reaches the owner and the server', async () => {
    // 4,000 elements padded to about 95% of the scene limit, as sent
    const count = 4_000;
    const bare = JSON.stringify(Array.from({ length: count }, (_, i) => sceneRectangle({ id: `near-${i}` }))).length;
    const pad = Math.max(0, Math.floor((SCENE_MAX_BYTES * 0.95 - bare) / count) - 30);
    const elements = Array.from({ length: count }, (_, i) =>
      sceneRectangle({ id: `near-${i}`, x: (i % 80) * 70, y: 700 + Math.floor(i / 80) * 50, width: 60, height: 40, customData: { note: 'n'.repeat(pad) } }),
    );
    expect(JSON.stringify(elements).length).toBeGreaterThan(SCENE_MAX_BYTES * 0.9);
    const { project, a, b } = await boardOnTwoScreens('Near the limit', elements);
    await drawShape(b, 'r', 400, 300);
    await converged(a, b, project.id, count + 1);
  });

  it('the history panel compares a version with the canvas now, and restoring one element brings back that element only, on both screens', async () => {
    const project = await sharedProject('Compare');
    const scene = (...elements: object[]) => ({ type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} });
    const first = [sceneRectangle({ id: 'keep', x: 100, y: 100 }), sceneRectangle({ id: 'back', x: 400, y: 100 })];
    const saved = await api<Project>(owner, 'PUT', `/projects/${project.id}`, { scene: scene(...first), version: project.version });
    // a version with both rectangles, kept once the saves pause
    await waitFor(
      async () => ((await api<ProjectVersion[]>(owner, 'GET', `/projects/${project.id}/versions`)).some((v) => v.elements === 2) ? true : null),
      20_000,
      200,
    );
    // then the editor moves one, deletes the other and adds a third
    await api<Project>(editor, 'PUT', `/projects/${project.id}`, {
      scene: scene(
        { ...first[0], x: 300, version: 2, versionNonce: 11 },
        { ...first[1], isDeleted: true, version: 2, versionNonce: 12 },
        sceneRectangle({ id: 'extra', x: 100, y: 400 }),
      ),
      version: saved.version,
    });
    const a = await openLive(owner, APP_URL, project.id);
    const b = await openLive(editor, secondUrl, project.id);
    await converged(a, b, project.id, 2);

    await a.getByTestId('more-menu').click();
    await a.getByTestId('history-button').click();
    await a.getByTestId('version-item').first().waitFor();
    // the newest version against the canvas now, chosen with the keyboard
    await a.getByTestId('compare-run').focus();
    await a.keyboard.press('Enter');
    const result = a.getByTestId('compare-result');
    await result.getByTestId('compare-counts').waitFor();
    expect(await result.getByTestId('compare-counts').textContent()).toBe('1 added1 removed1 changed');
    // the changes are drawn over the board, read-only
    await a.locator('[data-testid="compare-result"] .excalidraw canvas').first().waitFor({ timeout: 20_000 });
    await result.locator('[data-testid="change-pick"][data-element-id="back"]').check();
    await a.getByTestId('restore-elements').click();
    await a.getByTestId('restore-elements-confirm').click();
    await a.getByTestId('history-modal').waitFor({ state: 'detached' });

    await converged(a, b, project.id, 3);
    const now = await api<Project>(owner, 'GET', `/projects/${project.id}`);
    const byId = new Map(now.scene.elements.map((e) => [e.id, e]));
    expect(byId.get('back')).toMatchObject({ x: 400, isDeleted: false });
    // the others stay as the editor left them
    expect(byId.get('keep')).toMatchObject({ x: 300, isDeleted: false });
    expect(byId.get('extra')).toMatchObject({ isDeleted: false });
  });

  it('a viewer sees changes live and cannot draw', async () => {
    const viewer = await signUp(APP_URL);
    const project = await api<Project>(owner, 'POST', '/projects', { title: 'Look only' });
    await api(owner, 'POST', `/projects/${project.id}/collaborators`, { email: viewer.email, role: 'viewer' });
    const a = await openLive(owner, APP_URL, project.id);
    const v = await openLive(viewer, secondUrl, project.id);
    await v.waitForSelector('[data-testid="live-peers"]:has-text("view only")');
    await drawShape(a, 'r', 250, 250);
    await v.waitForSelector('[data-testid="editor"][data-element-count="1"]', { timeout: 20_000 });
    await drawShape(v, 'r', 600, 400);
    await new Promise((r) => setTimeout(r, 1_500)); // time for a refused edit to show up anywhere: none may
    expect((await screen(v)).count).toBe(1);
    const saved = await api<Project>(owner, 'GET', `/projects/${project.id}`);
    expect(saved.scene.elements.filter((e) => !e.isDeleted)).toHaveLength(1);
  });

  it('the owner invites a person from the Share dialog; they edit live, see their role instead of owner actions, and can leave', async () => {
    const friend = await signUp(APP_URL);
    const project = await api<Project>(owner, 'POST', '/projects', { title: 'Planning together' });
    const a = await openLive(owner, APP_URL, project.id);
    await a.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = a.getByRole('dialog', { name: 'Share', exact: true });
    // an empty address is caught before sending
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText('an e-mail address is required').waitFor();
    await dialog.getByTestId('invite-email').fill(friend.email);
    await dialog.getByTestId('invite-role').selectOption('editor');
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByText(`${friend.email} was invited and gets an e-mail.`).waitFor();
    // the list shows them as soon as it is read again
    await dialog.getByTestId('collaborator').filter({ hasText: friend.email }).waitFor();
    // the same person twice: the catalogue's answer, in the dialog
    await dialog.getByTestId('invite-email').fill(friend.email);
    await dialog.getByRole('button', { name: 'Invite', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();

    const b = await openLive(friend, secondUrl, project.id);
    expect(await b.getByTestId('my-role').textContent()).toBe('Shared with you: can edit');
    for (const name of ['Share', 'Publish']) expect(await b.getByRole('button', { name, exact: true }).count()).toBe(0);
    await drawShape(b, 'r', 300, 300);
    await a.waitForSelector('[data-testid="editor"][data-element-count="1"]', { timeout: 20_000 });

    // in the friend's project list: marked as shared, with Leave instead of Delete
    await b.goto(`${secondUrl}/account#published`);
    const row = b.getByTestId('project-list').getByRole('listitem').filter({ hasText: 'Planning together' });
    await row.getByTestId('shared-role').waitFor();
    expect(await row.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await row.getByRole('button', { name: 'Leave' }).click();
    await b.getByRole('dialog', { name: 'Leave the project?' }).getByRole('button', { name: 'Leave' }).click();
    await row.waitFor({ state: 'detached' });
    const people = await api<{ email: string }[]>(owner, 'GET', `/projects/${project.id}/collaborators`);
    expect(people.map((p) => p.email)).not.toContain(friend.email);
  });
});
