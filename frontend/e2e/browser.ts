import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type LaunchOptions } from 'playwright-core';

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
      return context;
    },
  };
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
