import { mkdirSync } from 'node:fs';
import type { Project } from '@visualnotes/contracts';
import { signUp, type SignedUp } from '@visualnotes/testing';
import type { BrowserContext, Page } from 'playwright-core';
import { APP_URL, appUrl, useBrowser } from './browser';

/**
 * The Chinese interface shows no English: the main pages, opened in zh-CN at 1280 and 375 px, are
 * read word by word (visible text and the labels a screen reader gives) and every English word must
 * be a name, a brand or a file format, or the user's own content.
 */
jest.setTimeout(180_000);

const chromium = useBrowser();
const SHOTS = process.env.WALK_SHOTS_DIR ?? '/tmp/walk-shots';
mkdirSync(SHOTS, { recursive: true });
let user: SignedUp;
let projectId: string;

/** Names, brands and formats that stay as they are in Chinese. */
const NAMES = new Set(
  [
    'VisualNotes',
    'YouTube',
    'Google',
    'Play',
    'App',
    'Store',
    'Apple',
    'Intel',
    'Mac',
    'macOS',
    'Windows',
    'iOS',
    'Android',
    'iPhone',
    'iPad',
    'Chrome',
    'Edge',
    'Safari',
    'Linux',
    'Discord',
    'Twitter',
    'Excalidraw',
    'Miro',
    'Milanote',
    'Notion',
    'AppSumo',
    'Premium',
    'Publisher',
    'Desktop',
    'Pro',
    'Plus',
    'Max',
    'Cookie',
    'API',
    'PDF',
    'PPT',
    'PPTX',
    'DOCX',
    'Word',
    'PowerPoint',
    'OpenDocument',
    'RTF',
    'EPUB',
    'SVG',
    'PNG',
    'TXT',
    'SRT',
    'VTT',
    'Markdown',
    'RSS',
    'AI',
    'ID',
    'excalidraw',
    'pptx',
    'docx',
    'md',
    'txt',
  ].map((w) => w.toLowerCase()),
);

beforeAll(async () => {
  user = await signUp(APP_URL, { name: '测试用户' });
  const res = await fetch(`${APP_URL}/api/projects`, {
    method: 'POST',
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ title: '我的画布' }),
  });
  projectId = ((await res.json()) as Project).id;
});

async function chinese(width: number, signedIn: boolean): Promise<BrowserContext> {
  const c = await chromium.newContext({ viewport: { width, height: width < 500 ? 812 : 800 }, locale: 'zh-CN' });
  await c.addInitScript(
    ([token, refresh]) => {
      localStorage.setItem('vn:locale', 'zh-CN');
      if (token && !localStorage.getItem('auth._token.local')) {
        localStorage.setItem('auth._token.local', token);
        localStorage.setItem('auth._refresh_token.local', refresh);
      }
    },
    [signedIn ? user.token : '', signedIn ? user.refresh_token : ''],
  );
  return c;
}

/** Every visible text and reader label of the page, minus the user's own content and the canvas. */
async function shownTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const skip =
      'script, style, noscript, .excalidraw, svg text, [translate="no"], [data-testid="language-switch"], [data-testid="account-email"], [data-testid="license-key"], [data-testid="invite-link"], code, pre';
    const out: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest(skip) || !el.checkVisibility()) continue;
      const text = node.textContent?.trim();
      if (text) out.push(text);
    }
    for (const el of document.body.querySelectorAll<HTMLElement>('[aria-label], [placeholder], [title], img[alt]')) {
      if (el.closest(skip) || !el.checkVisibility()) continue;
      for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
        const value = el.getAttribute(name)?.trim();
        if (value) out.push(value);
      }
    }
    return out;
  });
}

/** The English words left once names, addresses, e-mails, numbers and the user's data are out. */
function englishIn(texts: string[]): string[] {
  const found = new Set<string>();
  for (const text of texts) {
    const cleaned = text
      .replace(/https?:\/\/\S+/g, ' ')
      .replace(/\S+@\S+/g, ' ')
      .replace(/\S*\/\S*/g, ' ')
      .replace(/\.[a-z]+\b/g, ' ');
    for (const word of cleaned.match(/[A-Za-z][A-Za-z'’-]*/g) ?? []) {
      if (word.length > 1 && !NAMES.has(word.toLowerCase())) found.add(`${word} ← “${text.slice(0, 80)}”`);
    }
  }
  return [...found];
}

const PAGES: { name: string; path: () => string; signedIn: boolean; ready: (page: Page) => Promise<unknown> }[] = [
  { name: 'home', path: () => '/', signedIn: false, ready: (p) => p.locator('#main h1').waitFor() },
  { name: 'pricing', path: () => '/pricing', signedIn: false, ready: (p) => p.locator('[data-testid="price"]:visible').first().waitFor() },
  { name: 'templates', path: () => '/templates', signedIn: false, ready: (p) => p.getByTestId('template-card').first().waitFor() },
  { name: 'video tool', path: () => '/tools/youtube-summarizer', signedIn: false, ready: (p) => p.getByTestId('tool-guide').waitFor() },
  { name: 'document tool', path: () => '/tools/pdf-summarizer', signedIn: true, ready: (p) => p.getByTestId('tool-guide').waitFor() },
  { name: 'maker tool', path: () => '/tools/moodboard-maker', signedIn: false, ready: (p) => p.getByTestId('maker-tool').getByRole('img').waitFor() },
  { name: 'login', path: () => '/account/login', signedIn: false, ready: (p) => p.locator('form').first().waitFor() },
  { name: 'account', path: () => '/account', signedIn: true, ready: (p) => p.getByTestId('license-section').locator('form').waitFor() },
  {
    name: 'video library',
    path: () => '/account#video-library',
    signedIn: true,
    ready: (p) => p.getByTestId('video-library').getByText('还没有视频。').waitFor(),
  },
  { name: 'editor', path: () => `/projects/${projectId}`, signedIn: true, ready: (p) => p.locator('.excalidraw canvas').first().waitFor({ timeout: 60_000 }) },
  { name: 'download', path: () => '/download', signedIn: false, ready: (p) => p.locator('#main h1').waitFor() },
  { name: 'privacy', path: () => '/privacy', signedIn: false, ready: (p) => p.locator('#main h1').waitFor() },
  { name: '404', path: () => '/no/such/page', signedIn: false, ready: (p) => p.getByTestId('error-status').waitFor() },
];

describe('the Chinese interface', () => {
  it.each(PAGES.flatMap((p) => [1280, 375].map((width) => [p.name, width, p] as const)))('%s at %i px has no English words', async (name, width, spec) => {
    const page = await (await chinese(width, spec.signedIn)).newPage();
    await page.goto(appUrl(spec.path()));
    await spec.ready(page);
    await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
    await page.waitForLoadState('networkidle').catch(() => undefined);
    const texts = await shownTexts(page);
    // the page really is in Chinese (a check that read nothing would pass)
    expect(texts.join(' ')).toMatch(/[\u4e00-\u9fff]{4}/);
    await page.screenshot({ path: `${SHOTS}/zh-${name.replace(/\s+/g, '-')}-${width}.png` });
    expect(englishIn(texts)).toEqual([]);
  });

  it('shows a server error in Chinese (a wrong password)', async () => {
    const page = await (await chinese(375, false)).newPage();
    await page.goto(appUrl('/account/login'));
    const form = page.locator('form').first();
    await form.locator('input[name="email"]').fill(user.email);
    await form.locator('input[name="password"]').fill('not-the-password-1');
    await form.locator('button[type="submit"]').click();
    await page.getByRole('alert').getByText('登录失败，请仔细检查你的邮箱和密码。').waitFor();
  });
});
