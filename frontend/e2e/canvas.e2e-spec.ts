import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Project } from '@visualnotes/contracts';
import { signUp, waitFor, type SignedUp } from '@visualnotes/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, APP_URL, appUrl, signIn, useBrowser } from './browser';

jest.setTimeout(120_000);

let user: SignedUp;
const chromium = useBrowser();

beforeAll(async () => {
  user = await signUp(APP_URL, { scope: ['publisher'] });
});

function signedInContext(): Promise<BrowserContext> {
  return chromium.newContext({ viewport: { width: 1280, height: 900 } }).then((context) => signIn(context, user));
}

const api = <T>(method: string, path: string, body?: unknown) => apiAs<T>(user, method, path, body);

async function openEditor(page: Page, id: string) {
  const problems: string[] = [];
  page.on('pageerror', (e) => problems.push(e.message));
  page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
  await page.goto(appUrl(`/projects/${id}`), { waitUntil: 'domcontentloaded' });
  try {
    await page.locator('.excalidraw canvas').first().waitFor({ timeout: 30_000 });
  } catch (err) {
    throw new Error(`the editor did not open (${page.url()}): ${problems.join(' | ')} | ${(await page.locator('body').innerText()).slice(0, 500)}`, {
      cause: err,
    });
  }
}

/** Draws with Excalidraw's keyboard tools: `r` rectangle, `o` ellipse, `d` diamond, by dragging. */
async function drawShape(page: Page, key: string, x: number, y: number) {
  await page.keyboard.press('Escape');
  await page.keyboard.press(key);
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 120, y + 80, { steps: 5 });
  await page.mouse.up();
  await page.keyboard.press('Escape');
}

async function writeText(page: Page, x: number, y: number, text: string) {
  await page.keyboard.press('Escape');
  await page.keyboard.press('t');
  await page.mouse.click(x, y);
  await page.keyboard.type(text);
  await page.keyboard.press('Escape');
}

const saved = (page: Page, count: number) =>
  page.waitForSelector(`[data-testid="editor"][data-save-status="saved"][data-element-count="${count}"]`, { timeout: 30_000 });

const types = (p: Project) =>
  p.scene.elements
    .filter((e) => !e.isDeleted)
    .map((e) => e.type)
    .sort();

describe('canvas projects in the browser', () => {
  it('draws a rectangle and text, autosaves, and they are there after a reload', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'E2E drawing' });
    const page = await (await signedInContext()).newPage();
    await openEditor(page, project.id);
    await drawShape(page, 'r', 300, 300);
    await writeText(page, 600, 500, 'Hello canvas');
    await saved(page, 2);
    expect(types(await api<Project>('GET', `/projects/${project.id}`))).toEqual(['rectangle', 'text']);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await page.locator('.excalidraw canvas').first().waitFor();
    await page.waitForSelector('[data-testid="editor"][data-element-count="2"]');
    const text = (await api<Project>('GET', `/projects/${project.id}`)).scene.elements.find((e) => e.type === 'text') as unknown as { text: string };
    expect(text.text).toBe('Hello canvas');
  });

  it('keeps the edits of two tabs editing the same project', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Two tabs' });
    const context = await signedInContext();
    const [a, b] = [await context.newPage(), await context.newPage()];
    await openEditor(a, project.id);
    await openEditor(b, project.id);
    await drawShape(a, 'r', 300, 300);
    await drawShape(b, 'o', 700, 500);
    await b.waitForSelector('[data-testid="editor"][data-save-status="saved"]');
    await a.waitForSelector('[data-testid="editor"][data-save-status="saved"]');
    await waitFor(async () => types(await api<Project>('GET', `/projects/${project.id}`)).join() === 'ellipse,rectangle', 20_000, 250);
    await a.reload({ waitUntil: 'domcontentloaded' });
    await a.waitForSelector('[data-testid="editor"][data-element-count="2"]', { timeout: 30_000 });
  });

  it('edits offline and sends the edits when the connection is back', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Offline' });
    const context = await signedInContext();
    const page = await context.newPage();
    await openEditor(page, project.id);
    await drawShape(page, 'r', 300, 300);
    await saved(page, 1);

    await context.setOffline(true);
    await drawShape(page, 'd', 700, 500);
    await page.waitForSelector('[data-testid="editor"][data-save-status="offline"]', { timeout: 20_000 });
    expect(types(await api<Project>('GET', `/projects/${project.id}`))).toEqual(['rectangle']);

    await context.setOffline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await saved(page, 2);
    expect(types(await api<Project>('GET', `/projects/${project.id}`))).toEqual(['diamond', 'rectangle']);
  });

  it('tells a user without the Publisher plan so as soon as they choose Publish', async () => {
    const free = await signUp(APP_URL);
    const res = await fetch(`${APP_URL}/api/projects`, {
      method: 'POST',
      headers: { authorization: `Bearer ${free.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Free board' }),
    });
    const project = (await res.json()) as Project;
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((token) => localStorage.setItem('auth._token.local', token), free.token);
    const page = await context.newPage();
    await openEditor(page, project.id);
    await page.getByTestId('publish-button').click();
    await page.getByTestId('publisher-required-modal').waitFor();
    expect(await page.getByTestId('publish-confirm').count()).toBe(0);
    await context.close();
  });

  it('publishes a project and shows /p/{id} to a signed-out visitor', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Published board' });
    const page = await (await signedInContext()).newPage();
    await openEditor(page, project.id);
    await drawShape(page, 'r', 400, 300);
    await saved(page, 1);
    await page.getByTestId('publish-button').click();
    await page.getByTestId('publish-confirm').click();
    const url = (await page.getByTestId('public-url').textContent())!;
    expect(url).toMatch(/\/p\/[A-Za-z0-9_-]+$/);
    const publicPath = new URL(url).pathname;

    const visitorContext = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await visitorContext.newPage();
    const response = await visitor.goto(appUrl(publicPath), { waitUntil: 'domcontentloaded' });
    expect(response!.status()).toBe(200);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'self'");
    expect(await visitor.title()).toContain('Published board');
    await visitor.getByTestId('published-title').waitFor();
    // the snapshot first, drawn by the server; the interactive viewer only once the visitor reaches for it
    const explore = visitor.getByTestId('published-explore');
    await explore.locator('img').waitFor();
    await visitor.waitForFunction(() => (document.querySelector('[data-testid="published-explore"] img') as HTMLImageElement | null)?.naturalWidth);
    await visitor.waitForLoadState('networkidle');
    expect(await visitor.locator('.excalidraw').count()).toBe(0);
    await explore.focus();
    await visitor.keyboard.press('Enter');
    await visitor.locator('[data-testid="read-only-canvas"] .excalidraw').waitFor({ timeout: 30_000 });
    expect(await visitor.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
    // One shape, far smaller than the screen: shown at its own size, not blown up to fill it.
    const zoom = visitor.locator('[data-testid="read-only-canvas"] .reset-zoom-button');
    await visitor.waitForFunction(() => document.querySelector('[data-testid="read-only-canvas"] .reset-zoom-button')?.textContent?.includes('%'));
    await visitor.waitForTimeout(300); // and it stays so: no fitting to the screen follows
    expect(await zoom.textContent()).toBe('100%');
    // not offered as a PDF unless its owner says so
    expect(await visitor.getByTestId('published-download').count()).toBe(0);
  });

  it("draws a published page from the server's HTML before its scene arrives, with a title that cannot break out of it", async () => {
    const title = '</script><script>window.__broken = 1</script> & "Plan"';
    const project = await api<Project>('POST', '/projects', { title });
    const { public_id: publicId } = await api<{ public_id: string }>('POST', `/projects/${project.id}/publish`, {
      svg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="400" height="200"><rect width="100" height="50" fill="#a5d8ff"/></svg>',
    });
    // the server's page: the snapshot, and what the app's first paint needs as data
    const html = await (await fetch(appUrl(`/p/${publicId}`))).text();
    expect(html).toContain(`<img src="/api/p/${publicId}/snapshot.svg"`);
    const data = /<script type="application\/json" id="published-first-paint">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(data![1])).toEqual({ title, description: '', snapshot_url: `/api/p/${publicId}/snapshot.svg`, allow_download: false });

    // the scene held back: the page already shows the title and the snapshot, ready to explore
    const visitor = await (await chromium.newContext({ viewport: { width: 375, height: 800 } })).newPage();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await visitor.route(`**/api/p/${publicId}?**`, async (route) => {
      await held;
      await route.continue();
    });
    await visitor.route(`**/api/p/${publicId}`, async (route) => {
      await held;
      await route.continue();
    });
    await visitor.goto(appUrl(`/p/${publicId}`));
    await visitor.getByTestId('published-explore').locator('img').waitFor();
    expect(await visitor.getByTestId('published-title').textContent()).toBe(title);
    expect(await visitor.evaluate(() => (window as unknown as { __broken?: number }).__broken)).toBeUndefined();
    // reaching for it before the scene is here: the viewer comes once it is
    await visitor.getByTestId('published-explore').click();
    release();
    await visitor.locator('[data-testid="read-only-canvas"] .excalidraw').waitFor({ timeout: 30_000 });
  });

  it('offers a published board as a PDF: a visitor downloads it, and the offer can be taken back', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Garden plan' });
    const page = await (await signedInContext()).newPage();
    await openEditor(page, project.id);
    await writeText(page, 500, 400, 'Tomatoes by the wall');
    await saved(page, 1);
    await page.getByTestId('publish-button').click();
    await page.getByTestId('allow-download').check();
    await page.getByTestId('publish-confirm').click();
    const publicPath = new URL((await page.getByTestId('public-url').textContent())!).pathname;

    // a visitor at phone width
    const visitor = await (await chromium.newContext({ viewport: { width: 375, height: 740 }, acceptDownloads: true })).newPage();
    await visitor.goto(appUrl(publicPath), { waitUntil: 'domcontentloaded' });
    const button = visitor.getByRole('button', { name: 'Download PDF' });
    await button.waitFor();
    const [download] = await Promise.all([visitor.waitForEvent('download', { timeout: 120_000 }), button.click()]);
    expect(download.suggestedFilename()).toBe('Garden plan.pdf');
    const file = join(mkdtempSync(join(tmpdir(), 'published-')), 'board.pdf');
    await download.saveAs(file);
    expect(execFileSync('pdftotext', [file, '-'], { encoding: 'utf8' })).toContain('Tomatoes by the wall');
    // the button is within the phone's width
    const box = (await button.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(375);

    // the owner takes the offer back: the page no longer shows it
    await page.getByTestId('allow-download').uncheck();
    await waitFor(async () => !(await api<{ allow_download: boolean }>('GET', publicPath)).allow_download, 30_000, 250);
    expect(await page.getByTestId('allow-download').isChecked()).toBe(false);
    await visitor.reload({ waitUntil: 'domcontentloaded' });
    await visitor.getByTestId('published-title').waitFor();
    expect(await visitor.getByTestId('published-download').count()).toBe(0);
  });
});
