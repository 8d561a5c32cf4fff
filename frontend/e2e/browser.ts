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
