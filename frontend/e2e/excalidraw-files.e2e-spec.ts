import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Project } from '@visualnotes/contracts';
import { sceneText, signUp, waitFor, type SignedUp } from '@visualnotes/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { apiAs, APP_URL, appUrl, signIn, useBrowser } from './browser';

jest.setTimeout(180_000);

const FIXTURES = join(__dirname, '../../test/fixtures/excalidraw');
const ORIGIN = new URL(APP_URL).origin;

let user: SignedUp;
const chromium = useBrowser();

beforeAll(async () => {
  user = await signUp(APP_URL, { scope: ['publisher'] });
});

function signedInContext(): Promise<BrowserContext> {
  return chromium.newContext({ viewport: { width: 1280, height: 900 } }).then((context) => signIn(context, user));
}

const api = <T>(method: string, path: string, body?: unknown) => apiAs<T>(user, method, path, body);

/**
 * Pixels of the two fixture images (solid red and solid blue PNGs) on Excalidraw's scene canvas.
 * A missing image is drawn as a grey placeholder, so both stay 0 until the images really render.
 */
function imagePixels(page: Page, root = '.excalidraw') {
  return page.evaluate((selector) => {
    const counts = { red: 0, blue: 0 };
    for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>(`${selector} canvas.excalidraw__canvas.static`))) {
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width || !canvas.height) continue;
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) {
        const [r, g, b] = [data[i], data[i + 1], data[i + 2]];
        if (Math.abs(r - 220) < 12 && Math.abs(g - 30) < 12 && Math.abs(b - 30) < 12) counts.red++;
        if (Math.abs(r - 30) < 12 && Math.abs(g - 60) < 12 && Math.abs(b - 220) < 12) counts.blue++;
      }
    }
    return counts;
  }, root);
}

async function expectImagesDrawn(page: Page, root?: string) {
  let last = { red: 0, blue: 0 };
  await waitFor(
    async () => {
      last = await imagePixels(page, root);
      return last.red > 500 && last.blue > 500;
    },
    15_000,
    250,
  ).catch(() => {
    throw new Error(`the images were not drawn (red ${last.red}, blue ${last.blue} pixels)`);
  });
}

/** Every request a page makes, and every load from elsewhere that the Content Security Policy refused. */
function recordRequests(page: Page) {
  const urls: string[] = [];
  const refused: string[] = [];
  page.on('request', (r) => void urls.push(r.url()));
  page.on('console', (m) => /Refused to (connect|load|frame)|esm\.sh/i.test(m.text()) && refused.push(m.text()));
  return {
    foreign: () => urls.filter((u) => !/^(data|blob):/.test(u) && new URL(u).origin !== ORIGIN),
    refused,
    urls,
  };
}

const waitForEditor = (page: Page) => page.locator('.excalidraw canvas').first().waitFor({ timeout: 30_000 });

describe('Excalidraw files and images', () => {
  it('imports an .excalidraw file with embedded images: they render, after a reload and offline, and the published snapshot has them', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(appUrl('/account#published'), { waitUntil: 'domcontentloaded' });
    await page.getByTestId('import-project').waitFor();
    await page.getByTestId('import-project-input').setInputFiles(join(FIXTURES, 'with-images.excalidraw'));
    await page.waitForURL(/\/projects\/[0-9a-f-]{36}$/, { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    await waitForEditor(page);
    await page.waitForSelector('[data-testid="editor"][data-element-count="3"]');
    await expectImagesDrawn(page);

    const project = await api<Project>('GET', `/projects/${id}`);
    expect(project.title).toBe('with-images');
    expect(Object.keys(project.scene.files ?? {})).toHaveLength(2);

    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    await expectImagesDrawn(page);

    // offline: the project opened again (within the app) comes from IndexedDB, its images too
    await context.setOffline(true);
    const go = (path: string) => page.evaluate((to) => (history.pushState({}, '', to), dispatchEvent(new PopStateEvent('popstate'))), path);
    await go('/account');
    await page.getByTestId('published-section').waitFor();
    await go(`/projects/${id}`);
    await waitForEditor(page);
    await page.waitForSelector('[data-testid="editor"][data-save-status="offline"]', { timeout: 30_000 });
    await expectImagesDrawn(page);
    await context.setOffline(false);
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForEditor(page);

    await page.getByTestId('publish-button').click();
    await page.getByTestId('publish-confirm').click();
    const url = (await page.getByTestId('public-url').textContent())!;
    const publicPath = new URL(url).pathname;
    const snapshot = await (await fetch(`${APP_URL}/api${publicPath}/snapshot.svg`)).text();
    const images = [...snapshot.matchAll(/<image[^>]*href="(data:image\/(png|webp|jpeg);base64,[^"]+)"/g)].map((m) => m[1]);
    expect(new Set(images).size).toBe(2);
    expect(snapshot).toMatch(/<use[^>]*href="#image-/);
    expect(snapshot).not.toContain('esm.sh');

    // the published page's interactive viewer shows them too
    const visitor = await (await chromium.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
    await visitor.goto(appUrl(publicPath), { waitUntil: 'domcontentloaded' });
    await visitor.getByTestId('published-explore').click();
    await visitor.locator('[data-testid="read-only-canvas"] .excalidraw canvas').first().waitFor({ timeout: 30_000 });
    await expectImagesDrawn(visitor, '[data-testid="read-only-canvas"]');
  });

  it('uploads an image dropped on the canvas and keeps it: on the server, and after a reload without the local copy', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Dropped image' });
    const context = await signedInContext();
    const page = await context.newPage();
    const requests = recordRequests(page);
    await page.goto(appUrl(`/projects/${project.id}`), { waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    await page.waitForSelector('[data-testid="editor"][data-save-status="saved"]', { timeout: 30_000 });
    // the red PNG of the fixture, dropped as a file the way a user drags it from the desktop
    const [red] = Object.values(JSON.parse(readFileSync(join(FIXTURES, 'with-images.excalidraw'), 'utf8')).files as Record<string, { dataURL: string }>);
    await page.evaluate((dataURL) => {
      const bytes = Uint8Array.from(atob(dataURL.split(',')[1]), (c) => c.charCodeAt(0));
      const transfer = new DataTransfer();
      transfer.items.add(new File([bytes], 'picture.png', { type: 'image/png' }));
      const target = document.querySelector('canvas.excalidraw__canvas.interactive')!;
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: 400, clientY: 400 }));
    }, red.dataURL);
    await page.waitForSelector('[data-testid="editor"][data-element-count="1"]');
    const stored = async () => {
      const p = await api<Project>('GET', `/projects/${project.id}`);
      return Object.keys(p.scene.files ?? {}).length === 1 ? p : null;
    };
    const saved = (await waitFor(stored, 15_000, 250).catch(() => api<Project>('GET', `/projects/${project.id}`)))!;
    expect(Object.values(saved.scene.files ?? {}).map((f) => typeof (f as { file_id?: string }).file_id)).toEqual(['string']);
    expect(requests.refused).toEqual([]);
    await page.evaluate(() => indexedDB.deleteDatabase('visualnotes-canvas'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    // dropped at its own size: a few dozen red pixels once the image is drawn (a placeholder has none)
    const pixels = (await waitFor(
      async () => {
        const drawn = await imagePixels(page);
        return drawn.red >= 40 ? drawn : null;
      },
      15_000,
      250,
    ).catch(() => imagePixels(page)))!;
    expect(pixels.red).toBeGreaterThanOrEqual(40);
  });

  it('keeps every one of several images dropped at once or one right after another, with slow uploads and one that fails at first', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Dropped images' });
    const context = await signedInContext();
    const page = await context.newPage();
    // uploads take a while, and the first one fails (the connection drops) before it gets through
    let uploads = 0;
    await page.route('**/api/uploads', async (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      if (++uploads === 1) return route.abort('connectionreset');
      await new Promise((resolve) => setTimeout(resolve, 700));
      await route.continue();
    });
    await page.goto(appUrl(`/projects/${project.id}`), { waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    await page.waitForSelector('[data-testid="editor"][data-save-status="saved"]', { timeout: 30_000 });
    await page.waitForSelector('[data-testid="live-peers"][data-live-status="live"]', { timeout: 30_000 });
    const colors: [number, number, number][] = [
      [220, 30, 30],
      [30, 60, 220],
      [40, 170, 60],
      [230, 160, 20],
      [150, 40, 190],
    ];
    /** Pictures of the given colours, each dropped `pause` ms after the one before, in a row. */
    const drop = (fills: [number, number, number][], first: number, pause: number) =>
      page.evaluate(
        async ({ fills, first, pause }) => {
          const files = await Promise.all(
            fills.map(([r, g, b], i) => {
              const canvas = document.createElement('canvas');
              canvas.width = canvas.height = 80;
              const ctx = canvas.getContext('2d')!;
              ctx.fillStyle = `rgb(${r}, ${g}, ${b})`;
              ctx.fillRect(0, 0, 80, 80);
              return new Promise<File>((resolve) =>
                canvas.toBlob((blob) => resolve(new File([blob!], `picture-${i}.png`, { type: 'image/png' })), 'image/png'),
              );
            }),
          );
          const target = document.querySelector('canvas.excalidraw__canvas.interactive')!;
          for (const [i, file] of files.entries()) {
            if (i > 0 && pause) await new Promise((resolve) => setTimeout(resolve, pause));
            const transfer = new DataTransfer();
            transfer.items.add(file);
            for (const type of ['dragenter', 'dragover', 'drop'])
              target.dispatchEvent(
                new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: 200 + (first + i) * 160, clientY: 400 }),
              );
          }
        },
        { fills, first, pause },
      );
    /** The project on the server once it has `n` images, each with its stored file. */
    const storedImages = async (n: number) => {
      const complete = (p: Project) => {
        const images = p.scene.elements.filter((e) => e.type === 'image' && !e.isDeleted);
        return images.length === n && images.every((e) => typeof e.fileId === 'string' && typeof p.scene.files?.[e.fileId]?.file_id === 'string');
      };
      const read = () => api<Project>('GET', `/projects/${project.id}`);
      const saved = (await waitFor(
        async () => {
          const p = await read();
          return complete(p) ? p : null;
        },
        30_000,
        250,
      ).catch(read))!;
      expect(saved.scene.elements.filter((e) => e.type === 'image' && !e.isDeleted).map((e) => typeof saved.scene.files?.[e.fileId ?? '']?.file_id)).toEqual(
        Array(n).fill('string'),
      );
      return saved;
    };

    // three different pictures dropped at once
    await drop(colors.slice(0, 3), 0, 0);
    await page.waitForSelector('[data-testid="editor"][data-element-count="3"]');
    await storedImages(3);
    expect(uploads).toBeGreaterThanOrEqual(4);
    // two more, one right after the other (each file is read while the one before is sent)
    await page.unroute('**/api/uploads');
    await drop(colors.slice(3), 3, 400);
    await page.waitForSelector('[data-testid="editor"][data-element-count="5"]');
    const saved = await storedImages(5);
    expect(new Set(Object.values(saved.scene.files ?? {}).map((f) => f.file_id)).size).toBe(5);

    // opened again without this device's copy: every picture comes from the server and is drawn
    await page.evaluate(() => indexedDB.deleteDatabase('visualnotes-canvas'));
    await page.reload({ waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    const count = () =>
      page.evaluate((fills) => {
        const counts = fills.map(() => 0);
        for (const canvas of Array.from(document.querySelectorAll<HTMLCanvasElement>('.excalidraw canvas.excalidraw__canvas.static'))) {
          const ctx = canvas.getContext('2d');
          if (!ctx || !canvas.width || !canvas.height) continue;
          const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
          for (let i = 0; i < data.length; i += 4)
            fills.forEach(([r, g, b], n) => {
              if (Math.abs(data[i] - r) < 12 && Math.abs(data[i + 1] - g) < 12 && Math.abs(data[i + 2] - b) < 12) counts[n]++;
            });
        }
        return counts;
      }, colors);
    const pixels = (await waitFor(
      async () => {
        const counts = await count();
        return counts.every((n) => n >= 1000) ? counts : null;
      },
      15_000,
      250,
    ).catch(count))!;
    expect(pixels.map((n) => n >= 1000)).toEqual(colors.map(() => true));
  });

  it('opens a drawing file dropped on a canvas as a new project, leaving the open one as it was', async () => {
    const project = await api<Project>('POST', '/projects', { title: 'Keep me' });
    const context = await signedInContext();
    const page = await context.newPage();
    await page.goto(appUrl(`/projects/${project.id}`), { waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    await page.waitForSelector('[data-testid="editor"][data-save-status="saved"]', { timeout: 30_000 });
    const text = readFileSync(join(FIXTURES, 'old-format.excalidraw'), 'utf8');
    await page.evaluate((body) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([body], 'dropped.excalidraw', { type: 'application/json' }));
      const target = document.querySelector('canvas.excalidraw__canvas.interactive')!;
      for (const type of ['dragenter', 'dragover', 'drop'])
        target.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: 400, clientY: 400 }));
    }, text);
    await page.waitForURL((url) => /\/projects\/[0-9a-f-]{36}$/.test(url.pathname) && !url.pathname.endsWith(project.id), { timeout: 30_000 });
    expect((await api<Project>('GET', `/projects/${project.id}`)).scene.elements).toEqual([]);
  });

  it('exports the canvas back to an .excalidraw file that imports with the same elements and images', async () => {
    const context = await signedInContext();
    const page = await context.newPage();
    const imported = await fetch(`${APP_URL}/api/projects/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
      body: (() => {
        const form = new FormData();
        form.append('file', new Blob([readFileSync(join(FIXTURES, 'with-images.excalidraw'))]), 'round.excalidraw');
        return form;
      })(),
    });
    const original = (await imported.json()) as Project;
    await page.goto(appUrl(`/projects/${original.id}`), { waitUntil: 'domcontentloaded' });
    await waitForEditor(page);
    await expectImagesDrawn(page);
    await page.getByTestId('more-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('save-excalidraw').click()]);
    expect(download.suggestedFilename()).toBe('round.excalidraw');
    const path = await download.path();
    const saved = JSON.parse(readFileSync(path, 'utf8'));
    expect(saved.type).toBe('excalidraw');
    expect(Object.values(saved.files).map((f) => (f as { dataURL: string }).dataURL.slice(0, 22))).toEqual([
      'data:image/png;base64,',
      'data:image/png;base64,',
    ]);

    // opened again through the editor's "Open file": a new project with the same drawing
    await page.getByTestId('open-file-input').setInputFiles(path);
    await page.waitForURL((u) => u.pathname !== `/projects/${original.id}` && /\/projects\//.test(u.pathname), { timeout: 30_000 });
    const id = new URL(page.url()).pathname.split('/').pop()!;
    const again = await api<Project>('GET', `/projects/${id}`);
    expect(again.scene.elements.map((e) => e.id)).toEqual(original.scene.elements.map((e) => e.id));
    expect(Object.keys(again.scene.files ?? {}).sort()).toEqual(Object.keys(original.scene.files ?? {}).sort());
    await waitForEditor(page);
    await expectImagesDrawn(page);

    // a PNG and an SVG exported from the editor carry the scene: each opens again as the same drawing
    for (const kind of ['png', 'svg'] as const) {
      const from = page.url();
      await page.getByTestId('more-menu').click();
      const [picture] = await Promise.all([page.waitForEvent('download'), page.getByTestId(`export-${kind}`).click()]);
      // named after the project (opened from the downloaded file, which the browser named)
      expect(picture.suggestedFilename()).toMatch(new RegExp(`^[\\w-]+\\.${kind}$`));
      await page.getByTestId('open-file-input').setInputFiles((await picture.path())!);
      await page.waitForURL((u) => u.href !== from && /\/projects\/[0-9a-f-]{36}$/.test(u.pathname), { timeout: 30_000 });
      const reopened = await api<Project>('GET', `/projects/${new URL(page.url()).pathname.split('/').pop()}`);
      expect([kind, reopened.scene.elements.map((e) => e.id)]).toEqual([kind, original.scene.elements.map((e) => e.id)]);
      expect(Object.keys(reopened.scene.files ?? {}).sort()).toEqual(Object.keys(original.scene.files ?? {}).sort());
      await waitForEditor(page);
    }

    // a library file goes to the library
    await page.getByTestId('open-file-input').setInputFiles(join(FIXTURES, 'shapes.excalidrawlib'));
    await page.getByText('Library items added').waitFor();
  });

  it('loads everything from our own origin: the home page, the editor with every font, and a published page', async () => {
    const fonts = [1, 2, 3, 5, 6, 7, 8, 9];
    const text = (n: number, fontFamily: number, value: string) => sceneText(value, { id: `t${n}`, x: 40, y: 40 + n * 50, width: 400, height: 25, fontFamily });
    const elements = [...fonts.map((f, i) => text(i, f, `Font ${f} sample`)), text(20, 5, '中文 日本語のテキスト 한국어')];
    const project = await api<Project>('POST', '/projects', { title: 'Fonts', scene: { elements } });

    const context = await signedInContext();
    const home = await context.newPage();
    const homeRequests = recordRequests(home);
    await home.goto(appUrl('/'), { waitUntil: 'networkidle' });
    expect(homeRequests.urls.length).toBeGreaterThan(1);
    expect(homeRequests.foreign()).toEqual([]);

    const editor = await context.newPage();
    const editorRequests = recordRequests(editor);
    await editor.goto(appUrl(`/projects/${project.id}`), { waitUntil: 'domcontentloaded' });
    await waitForEditor(editor);
    await editor.waitForLoadState('networkidle');
    await editor.getByTestId('publish-button').click();
    await editor.getByTestId('publish-confirm').click();
    const url = (await editor.getByTestId('public-url').textContent())!;
    // the scene's fonts (the CJK one included) came from our own copy
    expect(editorRequests.urls.filter((u) => u.startsWith(`${ORIGIN}/excalidraw-assets/fonts/Xiaolai/`)).length).toBeGreaterThan(0);
    expect(editorRequests.urls.filter((u) => u.startsWith(`${ORIGIN}/excalidraw-assets/fonts/Virgil/`)).length).toBeGreaterThan(0);
    expect(editorRequests.foreign()).toEqual([]);
    expect(editorRequests.refused).toEqual([]);
    const snapshot = await (await fetch(`${APP_URL}/api${new URL(url).pathname}/snapshot.svg`)).text();
    expect(snapshot).not.toMatch(/url\(\s*["']?https?:/);

    const visitor = await (await chromium.newContext()).newPage();
    const visitorRequests = recordRequests(visitor);
    await visitor.goto(appUrl(new URL(url).pathname), { waitUntil: 'domcontentloaded' });
    await visitor.getByTestId('published-explore').click();
    await visitor.locator('[data-testid="read-only-canvas"] .excalidraw canvas').first().waitFor({ timeout: 30_000 });
    await visitor.waitForLoadState('networkidle');
    expect(visitorRequests.foreign()).toEqual([]);
    expect(visitorRequests.refused).toEqual([]);
  });
});
