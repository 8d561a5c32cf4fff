import { mkdirSync } from 'node:fs';
import type { Project } from '@visualnotes/contracts';
import { Messages } from '@visualnotes/contracts';
import { sceneRectangle, signUp, waitFor, type SignedUp } from '@visualnotes/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, APP_URL, appUrl, signIn, useBrowser } from './browser';

jest.setTimeout(120_000);

const chromium = useBrowser();
const SHOTS = process.env.WALK_SHOTS_DIR ?? '/tmp/walk-shots';
mkdirSync(SHOTS, { recursive: true });
let user: SignedUp;

beforeAll(async () => {
  user = await signUp(APP_URL);
});

async function context(width = 1280, signedIn = false): Promise<BrowserContext> {
  const c = await chromium.newContext({ viewport: { width, height: width < 500 ? 812 : 800 } });
  return signedIn ? signIn(c, user) : c;
}

const api = <T>(method: string, path: string, body?: unknown) => apiAs<T>(user, method, path, body);

/** Waits until the app's service worker is active and controls the page. */
async function controlledByServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }));
    }
  });
}

const editorOpen = (page: Page) => page.locator('.excalidraw canvas').first().waitFor({ timeout: 60_000 });

describe('no dead ends', () => {
  it('never shows raw JSON for Google sign-in when it is not configured', async () => {
    const page = await (await context()).newPage();
    await page.goto(appUrl('/account/login'));
    await page.getByRole('form', { name: 'Log in' }).waitFor();
    // what the installation offers is in the page, or (before the server has heard it once) asked of the API
    if (!(await page.locator('#site-capabilities').count())) await page.waitForResponse((r) => r.url().endsWith('/api/capabilities')).catch(() => undefined);
    expect(await page.getByText('Continue with Google').count()).toBe(0);
    // an old link to the Google route ends on the login page with the words, not a JSON body
    await page.goto(appUrl('/api/auth/google'));
    await page.waitForURL(/\/account\/login\?error=google$/);
    await page.getByRole('alert').getByText(Messages.googleLoginFailed).waitFor();
    expect(await page.locator('body').innerText()).not.toContain('statusCode');
  });

  it('tells a signed-out visitor before any file picker that uploads need an account, with a Log in link that comes back to the tool', async () => {
    const page = await (await context(375)).newPage();
    await page.goto(appUrl('/tools/youtube-summarizer'));
    await page.getByTestId('tool-guide').waitFor();
    const note = page.getByTestId('need-login').first();
    await note.getByText(Messages.needLogin).waitFor();
    expect(await page.locator('input[type=file]').count()).toBe(0);
    await note.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(/\/account\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('auth.redirect'))).toBe('/tools/youtube-summarizer');
  });

  it('says in a sentence what to do on the confirm page without or with a bad token', async () => {
    const page = await (await context(375)).newPage();
    await page.goto(appUrl('/user/confirm'));
    await page.getByRole('alert').getByText(Messages.confirmLinkMissing).waitFor();
    await page.screenshot({ path: `${SHOTS}/confirm-missing-375.png` });
    await page.goto(appUrl('/user/confirm?token=abc'));
    await page.getByRole('alert').getByText(Messages.linkInvalid).waitFor();
    expect(await page.locator('#main').innerText()).not.toMatch(/Too small|expected string/);
  });

  it('shows the maker tools whole on a phone', async () => {
    const page = await (await context(375)).newPage();
    await page.goto(appUrl('/tools/flowchart-maker'));
    await page.getByTestId('maker-tool').getByRole('img').waitFor();
    const button = (await page.getByRole('button', { name: 'Create a flowchart' }).boundingBox())!;
    expect(button.x + button.width).toBeLessThanOrEqual(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/flowchart-maker-375.png`, fullPage: true });
  });

  it.each([
    ['moodboard-maker', 'Create a moodboard', 'Moodboard'],
    ['flowchart-maker', 'Create a flowchart', 'Simple flowchart'],
  ])('%s creates a canvas from its template', async (slug, action, title) => {
    const page = await (await context(1280, true)).newPage();
    await page.goto(appUrl(`/tools/${slug}`));
    await page.getByTestId('maker-tool').getByRole('img').waitFor();
    expect(await page.getByTestId('coming-soon').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/${slug}-1280.png` });
    await page.getByRole('button', { name: action }).click();
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/);
    const id = page.url().split('/').pop()!;
    const project = await api<Project>('GET', `/projects/${id}`);
    expect(project.title).toBe(title);
    expect(project.scene.elements.length).toBeGreaterThan(3);
    await editorOpen(page);
  });

  it('answers 200 with the login form on /p/statistic for a signed-out visitor', async () => {
    const page = await (await context()).newPage();
    const res = await page.goto(appUrl('/p/statistic'));
    expect(res!.status()).toBe(200);
    await page.getByRole('form', { name: 'Log in' }).waitFor();
  });

  it('leaves the operator dashboard to the server after the app was visited (service worker)', async () => {
    const page = await (await context()).newPage();
    await page.goto(appUrl('/'));
    await controlledByServiceWorker(page);
    const res = await page.goto(appUrl('/admin/queues'));
    expect(res!.fromServiceWorker()).toBe(false);
    expect(res!.status()).toBe(401);
    expect(await page.locator('#root').count()).toBe(0);
  });

  it('precaches only the shell for a visitor who never opens the editor (≤ 1.5 MB)', async () => {
    const page = await (await context()).newPage();
    await page.goto(appUrl('/'));
    await controlledByServiceWorker(page);
    const precache = await page.evaluate(async () => {
      const name = (await caches.keys()).find((k) => k.includes('precache'));
      if (!name) return null;
      const cache = await caches.open(name);
      let bytes = 0;
      const urls: string[] = [];
      for (const req of await cache.keys()) {
        urls.push(new URL(req.url).pathname);
        bytes += (await (await cache.match(req))!.blob()).size;
      }
      return { bytes, urls };
    });
    expect(precache).not.toBeNull();
    expect(precache!.urls).toContain('/index.html');
    expect(precache!.urls.filter((u) => /CanvasView|excalidraw/i.test(u))).toEqual([]);
    expect(precache!.bytes).toBeLessThanOrEqual(1.5 * 1024 * 1024);
  });
});

describe('home page', () => {
  it('shows the product in every use case (drawings made in the editor), on phone and desktop', async () => {
    for (const width of [1280, 375]) {
      const page = await (await context(width)).newPage();
      await page.goto(appUrl('/'));
      const pictures = page.locator('#use-cases article img');
      await pictures.first().waitFor();
      expect(await pictures.count()).toBe(5);
      for (const img of await pictures.all()) {
        await img.scrollIntoViewIfNeeded();
        await img.evaluate((i: HTMLImageElement) => (i.complete ? undefined : new Promise((done) => i.addEventListener('load', done, { once: true }))));
        expect(await img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/home-${width}.png`, fullPage: true });
      await page.close();
    }
  });
});

describe('tool pages', () => {
  it('say what the tool does, how long it takes and show an example, on phone and desktop', async () => {
    for (const width of [1280, 375]) {
      const page = await (await context(width)).newPage();
      for (const path of ['/tools/youtube-transcript-generator', '/tools/pdf-summarizer']) {
        await page.goto(appUrl(path));
        const guide = page.getByTestId('tool-guide');
        await guide.waitFor();
        expect(await guide.getByRole('heading', { name: 'What it does' }).count()).toBe(1);
        expect(await guide.getByRole('heading', { name: 'How long it takes' }).count()).toBe(1);
        expect(await guide.locator('figure li').count()).toBe(3);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.screenshot({ path: `${SHOTS}/tool${path.replace(/\W+/g, '-')}-${width}.png`, fullPage: true });
      }
      // Signed out, the document tool says how to go on instead of an error alone.
      await page.getByTestId('need-login').getByRole('link', { name: 'create a free account' }).waitFor();
    }
  });

  it('reach the file pickers with the keyboard', async () => {
    const page = await (await context(1280, true)).newPage();
    for (const [path, picker] of [
      ['/tools/pdf-summarizer', '[data-testid=document-file]'],
      ['/tools/youtube-summarizer', 'input[type=file]'],
    ] as const) {
      await page.goto(appUrl(path));
      await page.locator(picker).waitFor({ state: 'attached' });
      let reached = false;
      for (let i = 0; i < 60 && !reached; i++) {
        await page.keyboard.press('Tab');
        reached = await page.locator(picker).evaluate((el) => el === document.activeElement);
      }
      expect(reached).toBe(true);
    }
  });
});

describe('the editor toolbar', () => {
  let publisher: SignedUp;
  beforeAll(async () => {
    publisher = await signUp(APP_URL, { scope: ['publisher'] });
  });

  it.each([
    ['unpublished', false],
    ['published', true],
  ])('stays one row, nothing cut off, from 1280 to 320 px (%s); the other actions are in a keyboard menu', async (_, published) => {
    const as = <T>(method: string, path: string, body?: unknown) => apiAs<T>(publisher, method, path, body);
    const project = await as<{ id: string }>('POST', '/projects', { title: 'A board with a rather long title for a phone' });
    if (published) await as('POST', `/projects/${project.id}/publish`, { description: 'A board' });
    for (const width of [1280, 414, 375, 320]) {
      const narrow = width < 768;
      const c = await chromium.newContext({ viewport: { width, height: width < 500 ? 812 : 800 } });
      const page = await (await signIn(c, publisher)).newPage();
      await page.goto(appUrl(`/projects/${project.id}`));
      await editorOpen(page);
      await page.getByTestId('save-status').getByText('Saved').waitFor();
      // on a phone sharing and statistics are in "More": the title keeps a width that can be read
      const inBar = [page.getByLabel('Project title'), page.getByTestId('more-menu'), page.getByTestId('publish-button')];
      const aside = [page.getByTestId('share-button'), ...(published ? [page.getByTestId('stats-button')] : [])];
      const boxes = await Promise.all([...inBar, ...(narrow ? [] : aside)].map((l) => l.boundingBox()));
      for (const box of boxes) {
        expect(box).not.toBeNull();
        expect(Math.abs(box!.y - boxes[1]!.y)).toBeLessThan(12);
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      expect(boxes[0]!.width).toBeGreaterThanOrEqual(96);
      if (narrow) for (const l of aside) expect(await l.count()).toBe(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await page.screenshot({ path: `${SHOTS}/editor-toolbar-${published ? 'published-' : ''}${width}.png` });
      // The menu by keyboard: Enter opens it on its first item, arrows move, Escape closes it and gives focus back.
      const more = page.getByTestId('more-menu');
      await more.focus();
      await page.keyboard.press('Enter');
      const menu = page.getByRole('menu');
      await menu.waitFor();
      const items = narrow ? ['Share', ...(published ? ['Statistics'] : []), 'Open file…'] : ['Open file…', 'Save as .excalidraw'];
      expect(await menu.getByRole('menuitem').count()).toBe(8 + (narrow ? aside.length : 0));
      for (const box of await menu.getByRole('menuitem').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON() as DOMRect))) {
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(items[0]);
      await page.keyboard.press('ArrowDown');
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(items[1]);
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'detached' });
      expect(await more.evaluate((b) => b === document.activeElement)).toBe(true);
      // Statistics (from the menu on a phone) open inside the screen, and the drawing's page stays put.
      if (published) {
        if (narrow) {
          await more.click();
          await page.getByRole('menuitem', { name: 'Statistics' }).click();
        } else await page.getByTestId('stats-button').click();
        const dialog = page.getByRole('dialog', { name: 'Statistics' });
        await dialog.getByTestId('stat-views').waitFor();
        const box = (await dialog.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
      }
      // History opens from the menu.
      await more.click();
      await page.getByRole('menuitem', { name: 'History' }).click();
      await page.getByRole('dialog').waitFor();
      await page.close();
    }
  });
});

describe('the editor without dead ends', () => {
  it('puts an emptied title back to the saved one, and leads from a missing project to the projects', async () => {
    const project = await api<{ id: string }>('POST', '/projects', { title: 'Lecture notes' });
    const page = await (await context(375, true)).newPage();
    await page.goto(appUrl(`/projects/${project.id}`));
    await editorOpen(page);
    const title = page.getByLabel('Project title');
    await title.fill('  ');
    await title.press('Enter');
    expect(await title.inputValue()).toBe('Lecture notes');
    await title.fill('Lecture notes, week 2');
    await title.press('Enter');
    await waitFor(async () => (await api<Project>('GET', `/projects/${project.id}`)).title === 'Lecture notes, week 2', 20_000, 250);

    await page.goto(appUrl('/projects/00000000-0000-4000-8000-000000000000'));
    await page.getByRole('heading', { name: 'Cannot open this project' }).waitFor();
    await page.getByRole('link', { name: 'Go to your projects' }).click();
    await page.getByTestId('project-list').getByRole('link', { name: 'Lecture notes, week 2' }).waitFor();
  });
});

describe('viewers on a phone', () => {
  it('fit a shared canvas to a 375 px screen, also after the window changes size: both ends of a wide drawing are in view', async () => {
    const project = await api<{ id: string; version: number }>('POST', '/projects', { title: 'Wide board' });
    const box = (id: string, x: number) => sceneRectangle({ id, x, y: 0, width: 300, height: 300, backgroundColor: '#1971c2', version: 2, versionNonce: 7 });
    await api('PUT', `/projects/${project.id}`, {
      version: project.version,
      scene: { type: 'excalidraw', version: 2, elements: [box('left', 0), box('right', 3000)], appState: {}, files: {} },
    });
    const share = await api<{ url: string }>('POST', `/projects/${project.id}/share`, {});
    const page = await (await context(1280)).newPage();
    await page.goto(appUrl(new URL(share.url).pathname));
    await page.locator('.excalidraw canvas').first().waitFor({ timeout: 60_000 });
    // The columns of the drawing surface that hold ink: both boxes, one at each side.
    const inked = async () =>
      page.evaluate(() => {
        const canvas =
          [...document.querySelectorAll<HTMLCanvasElement>('.excalidraw canvas')].find((c) => c.classList.contains('static')) ??
          document.querySelector<HTMLCanvasElement>('.excalidraw canvas')!;
        const { width, height } = canvas;
        const data = canvas.getContext('2d')!.getImageData(0, 0, width, height).data;
        let left = width;
        let right = -1;
        for (let y = 0; y < height; y += 4)
          for (let x = 0; x < width; x += 2) {
            const i = (y * width + x) * 4;
            if (data[i + 2] > 150 && data[i] < 80) {
              left = Math.min(left, x);
              right = Math.max(right, x);
            }
          }
        return { left: left / width, right: right / width };
      });
    // drawn at the wide size first
    await waitFor(async () => (await inked()).right >= 0, 30_000, 100);
    // Opened wide, then the window narrows (a phone turned upright, a split screen).
    await page.setViewportSize({ width: 375, height: 812 });
    const ink = (await waitFor(
      async () => {
        const columns = await inked();
        return columns.left < 0.35 && columns.right > 0.65 ? columns : null;
      },
      5_000,
      250,
    ).catch(inked))!;
    expect(ink.left).toBeLessThan(0.35);
    expect(ink.right).toBeGreaterThan(0.65);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/shared-375.png` });
  });
});

describe('failures in words', () => {
  it('says before an upload that this server cannot transcribe, and that subtitles can be uploaded', async () => {
    const page = await (await context(1280, true)).newPage();
    await page.goto(appUrl('/tools/youtube-summarizer'));
    const note = page.getByTestId('transcription-unavailable');
    await note.waitFor();
    expect(await note.textContent()).toContain(Messages.transcriptionUnavailable);
    await page.getByText('Upload subtitles (SRT/VTT)').waitFor();
    // a video chosen anyway is refused here, before anything is uploaded
    let uploads = 0;
    page.on('request', (r) => r.url().includes('/api/uploads') && uploads++);
    await page.locator('input[type=file]').setInputFiles({ name: 'talk.mp4', mimeType: 'video/mp4', buffer: Buffer.from('not really a video') });
    await page.getByTestId('import-error').getByText(Messages.transcriptionUnavailable).waitFor();
    expect(uploads).toBe(0);
    await page.screenshot({ path: `${SHOTS}/youtube-summarizer-1280.png` });
    // Subtitles are taken; the video page then says there is nothing to play instead of an empty black player.
    const srt =
      '1\n00:00:00,000 --> 00:00:04,000\nSolar panels turn sunlight into electricity.\n\n2\n00:00:04,000 --> 00:00:08,000\nBatteries keep the energy for the evening.\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'talk.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) });
    await page.getByTestId('no-media').waitFor({ timeout: 30_000 });
    expect(await page.getByTestId('player').count()).toBe(0);
    await page.getByText('Solar panels turn sunlight into electricity.').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/subtitles-only-1280.png` });
  });
});

describe('video highlights on a phone', () => {
  it('stop a title at 200 characters and wrap a long one inside the 375 px page', async () => {
    const page = await (await context(375, true)).newPage();
    await page.goto(appUrl('/tools/youtube-summarizer'));
    await page.getByTestId('tool-guide').waitFor();
    const srt = '1\n00:00:00,000 --> 00:00:04,000\nA short talk about wrapping.\n';
    await page.locator('input[type=file]').setInputFiles({ name: 'wrap.srt', mimeType: 'application/x-subrip', buffer: Buffer.from(srt) });
    const highlights = page.getByTestId('highlights');
    await highlights.waitFor({ timeout: 30_000 });
    await highlights.getByLabel('Highlight title').fill('w'.repeat(300));
    expect(await highlights.getByLabel('Highlight title').inputValue()).toHaveLength(200);
    await highlights.getByRole('button', { name: 'Add highlight' }).click();
    await highlights
      .locator('li')
      .filter({ hasText: 'w'.repeat(200) })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/highlight-375.png` });
  });
});

describe('the account page on a phone', () => {
  it('wraps a long project title and tag name inside 375 px', async () => {
    await api('POST', '/projects', { title: 'P'.repeat(200) });
    await api('POST', '/tags', { name: 'T'.repeat(50) });
    const page = await (await context(375, true)).newPage();
    await page.goto(appUrl('/account'));
    await page
      .getByTestId('project-list')
      .getByRole('link', { name: 'P'.repeat(200) })
      .waitFor();
    await page
      .getByTestId('video-library')
      .locator('li')
      .filter({ hasText: 'T'.repeat(50) })
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: `${SHOTS}/account-long-names-375.png`, fullPage: true });
  });
});

describe('pricing', () => {
  it('shows no "/ year" under Lifetime and says how to buy without online payment', async () => {
    const page = await (await context()).newPage();
    await page.goto(appUrl('/pricing'));
    const desktop = page.getByTestId('pricing-cards-desktop');
    await desktop.waitFor();
    await page.getByRole('button', { name: 'Lifetime' }).click();
    for (const plan of ['premium', 'publisher']) {
      const price = await desktop.getByTestId(`plan-${plan}`).getByTestId('price').textContent();
      expect(price).not.toContain('/ year');
      expect(price).toContain('no lifetime plan');
    }
    expect(await desktop.getByTestId('plan-desktop').getByTestId('price').textContent()).toContain('once');
    expect(await page.locator('a[href^="mailto:"]').filter({ hasText: /buy/i }).count()).toBe(0);
    expect(await desktop.getByTestId('how-to-buy').first().textContent()).toContain('operator');
    await page.screenshot({ path: `${SHOTS}/pricing-lifetime-1280.png`, fullPage: true });
  });

  it('shows every plan tab whole at 375 px', async () => {
    const page = await (await context(375)).newPage();
    await page.goto(appUrl('/pricing'));
    const mobile = page.getByTestId('pricing-cards-mobile');
    await mobile.waitFor();
    for (const tab of await mobile.getByRole('tab').all()) {
      const box = (await tab.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
      // the label is not cut inside its button either
      expect(await tab.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    }
    await page.screenshot({ path: `${SHOTS}/pricing-375.png`, fullPage: true });
  });
});

describe('editor dialogs and offline', () => {
  it('keeps focus in the share dialog, closes it with Escape, gives focus back, and shows an existing link', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Dialog focus' });
    const page = await (await context(1280, true)).newPage();
    await page.goto(appUrl(`/projects/${project.id}`));
    await editorOpen(page);
    const share = page.getByRole('button', { name: 'Share', exact: true });
    await share.click();
    const dialog = page.getByRole('dialog', { name: 'Share', exact: true });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('share-url').inputValue();
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await share.evaluate((b) => b === document.activeElement)).toBe(true);
    // opened again: the link made before, not "Create link"
    await share.click();
    expect(await page.getByRole('dialog').getByTestId('share-url').inputValue()).toBe(url);
    expect(await page.getByRole('dialog').getByRole('button', { name: 'Create link' }).count()).toBe(0);
  });

  it('closes the share dialog with Escape right after the link is made, and copies the link', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Escape after create' });
    const ctx = await context(375, true);
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: APP_URL });
    const page = await ctx.newPage();
    await page.goto(appUrl(`/projects/${project.id}`));
    await editorOpen(page);
    // on a phone sharing is in "More"
    await page.getByTestId('more-menu').click();
    await page.getByRole('menuitem', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share', exact: true });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const url = await dialog.getByTestId('share-url').inputValue();
    await dialog.getByRole('button', { name: 'Copy link' }).click();
    await dialog.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    // the button that had the focus is gone: Escape reaches the page, where the editor also listens
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });

  it('asks before revoking a share link (Cancel keeps it)', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Revoke asks' });
    const page = await (await context(1280, true)).newPage();
    await page.goto(appUrl(`/projects/${project.id}`));
    await editorOpen(page);
    await page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Share', exact: true });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this link?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await dialog.getByTestId('share-url').count()).toBe(1);
    await dialog.getByRole('button', { name: 'Revoke link' }).click();
    await confirm.getByRole('button', { name: 'Revoke link' }).click();
    await dialog.getByText('The link was revoked.').waitFor();
  });

  it('shows the offline whiteboard toolbar whole on a phone', async () => {
    const page = await (await context(375)).newPage();
    await page.goto(appUrl('/tools/offline-whiteboard'));
    await page.getByTestId('offline-whiteboard').locator('.excalidraw canvas').first().waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    for (const name of ['PNG', 'SVG', 'Log in to save it to an account']) {
      const box = (await page
        .getByTestId('offline-whiteboard')
        .getByRole(name === 'PNG' || name === 'SVG' ? 'button' : 'link', { name })
        .boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(375);
    }
    await page.screenshot({ path: `${SHOTS}/offline-whiteboard-375.png` });
  });

  it('opens a project again after a reload without network for a signed-in user', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Offline reload' });
    const ctx = await context(1280, true);
    const page = await ctx.newPage();
    await page.goto(appUrl(`/projects/${project.id}`));
    await editorOpen(page);
    await controlledByServiceWorker(page);
    // the editor puts what it loaded into the worker's cache a moment after it has drawn
    await page.waitForFunction(async () => (await (await caches.open('app-assets')).keys()).some((r) => r.url.includes('CanvasView')), undefined, {
      timeout: 30_000,
    });
    await ctx.setOffline(true);
    await page.reload();
    await editorOpen(page);
    expect(page.url()).toBe(appUrl(`/projects/${project.id}`));
    expect(await page.getByRole('form', { name: 'Log in' }).count()).toBe(0);
    await ctx.setOffline(false);
  });
});
