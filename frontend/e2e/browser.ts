import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions, type Page } from 'playwright-core';

/** Debian's Chromium, headless, quiet (no background traffic that could disturb request checks). */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export function launchBrowser(options: LaunchOptions = {}): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    ...options,
  });
}

/** Where the built app is served (the gateway in CI, `vite preview` locally). */
export const APP_URL = (process.env.APP_URL || 'http://localhost:3000').replace(/\/+$/, '');

export const appUrl = (path = '/') => `${APP_URL}${path.startsWith('/') ? path : `/${path}`}`;

/**
 * One Chromium per test file: launched before the tests, closed after them; every context opened
 * with `newContext` is closed after each test.
 */
export function useBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newContext(options?: BrowserContextOptions): Promise<BrowserContext> {
      const context = await browser!.newContext(options);
      contexts.push(context);
      if (options?.javaScriptEnabled !== false) {
        const newPage = context.newPage.bind(context);
        context.newPage = async () => actingOnceTheAppIsHere(await newPage());
      }
      return context;
    },
  };
}

/**
 * A page the server drew is on screen before the app's scripts start (they start after its first
 * paint), and it answers clicks and typing once the app has taken it over (`#root` loses
 * `data-drawn`). Like a person who waits for the page to respond, `goto` and `reload` of `page`
 * then wait for that too, when they wait for the page's load (the default) or for an idle network.
 */
function actingOnceTheAppIsHere(page: Page): Page {
  const takenOver = () => page.waitForFunction(() => !document.querySelector('#root[data-drawn]'));
  const waitsForLoad = (options?: { waitUntil?: string }) => !options?.waitUntil || options.waitUntil === 'load' || options.waitUntil === 'networkidle';
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    if (waitsForLoad(options)) await takenOver();
    return response;
  };
  const reload = page.reload.bind(page);
  page.reload = async (options) => {
    const response = await reload(options);
    if (waitsForLoad(options)) await takenOver();
    return response;
  };
  return page;
}

/** An account as the tests sign it up (`signUp` of `@visualnotes/testing`). */
interface Account {
  token: string;
  refresh_token?: string;
}

/**
 * Signs `context` in as `user` before any page script runs, as the app itself keeps a session. A
 * token the app has since refreshed is left alone on later navigations.
 */
export async function signIn<C extends BrowserContext>(context: C, user: Account): Promise<C> {
  await context.addInitScript(
    ([token, refresh]) => {
      if (!localStorage.getItem('auth._token.local')) {
        localStorage.setItem('auth._token.local', token);
        if (refresh) localStorage.setItem('auth._refresh_token.local', refresh);
      }
    },
    [user.token, user.refresh_token ?? ''],
  );
  return context;
}

/** Calls the API as `user`; the JSON answer, or undefined for an empty one; throws on an error status. */
export async function apiAs<T>(user: Account, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${APP_URL}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}
