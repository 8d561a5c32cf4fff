import { Messages } from '@visualnotes/contracts';
import { ACTIVATION_LINK, outboxReader, signUp, waitForMail } from '@visualnotes/testing';
import type { Page } from 'playwright-core';
import { APP_URL, appUrl, useBrowser } from './browser';

jest.setTimeout(90_000);

const chromium = useBrowser();
const read = outboxReader(APP_URL);

async function open(): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width: 1280, height: 900 } });
  return context.newPage();
}

describe('accounts in the browser', () => {
  it('register → activation link from the mail → login → new-device code → account panel → logout', async () => {
    const email = `e2e-${Date.now()}@example.test`;
    const password = 'Sunny-day-42';
    const page = await open();

    // a visitor opening the account area is sent to login
    await page.goto(appUrl('/account'), { waitUntil: 'domcontentloaded' });
    await page.waitForURL(/\/account\/login$/, { waitUntil: 'commit' });

    await page.getByRole('tab', { name: 'Sign up' }).click();
    const signup = page.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Name').fill('Erin Example');
    await signup.getByLabel('E-mail').fill(email);
    await signup.getByLabel('Password').fill('short1');
    await signup.getByText('Password too short: at least 8 characters').waitFor();
    await signup.getByLabel('Password').fill('onlyletters');
    await signup.getByText('Password too simple').waitFor();
    await signup.getByLabel('Password').fill(password);
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page
      .getByRole('status')
      .getByText(/Check your e-mail/)
      .waitFor();

    // not activated yet: told to check the e-mail (spam too)
    const loginForm = page.getByRole('form', { name: 'Log in' });
    await loginForm.getByLabel('E-mail').fill(email);
    await loginForm.getByLabel('Password').fill(password);
    await loginForm.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').getByText(/spam/).waitFor();

    const token = await waitForMail(read, email, ACTIVATION_LINK);
    const mail = (await read(email))[0];
    const link = new URL(ACTIVATION_LINK.exec(mail.text)![0], APP_URL);
    expect(link.searchParams.get('token')).toBe(token);
    await page.goto(appUrl(`${link.pathname}${link.search}`), { waitUntil: 'domcontentloaded' });
    await page.getByRole('status').getByText('Your account is activated. You can log in now.').waitFor();

    await page.goto(appUrl('/account/login'), { waitUntil: 'domcontentloaded' });
    const before = (await read(email)).length;
    await loginForm.getByLabel('E-mail').fill(email);
    await loginForm.getByLabel('Password').fill(password);
    await loginForm.getByRole('button', { name: 'Log in' }).click();
    const codeForm = page.getByRole('form', { name: 'Security code' });
    await codeForm.waitFor();
    const code = await waitForMail(read, email, /\b(\d{6})\b/);
    expect((await read(email)).length).toBeGreaterThan(before);
    await codeForm.getByLabel('6-digit code').fill(code);
    await codeForm.getByRole('button', { name: 'Continue' }).click();

    await page.waitForURL(/\/account$/, { waitUntil: 'commit' });
    const panel = page.getByTestId('account-panel');
    await panel.waitFor();
    expect(await panel.getByTestId('account-email').textContent()).toBe(email);
    expect(await panel.getByTestId('account-name').textContent()).toBe('Erin Example');
    expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toMatch(/^ey/);
    expect(await page.evaluate(() => localStorage.getItem('auth._refresh_token.local'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('fingerprint'))).toBeTruthy();

    await panel.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(/\/account\/login$/, { waitUntil: 'commit' });
    expect(await page.evaluate(() => localStorage.getItem('auth._token.local'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('auth._refresh_token.local'))).toBeNull();
  });

  it('two tabs needing new tokens at once refresh once, and both stay signed in', async () => {
    const account = await signUp(APP_URL);
    // without the offline service worker, whose own fetch of each request would be counted too
    const context = await chromium.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    const refreshes: string[] = [];
    context.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/auth/refresh') refreshes.push(r.url());
    });
    // an access token the server refuses, with a good refresh token: the first call of each tab refreshes
    const seed = await context.newPage();
    await seed.goto(appUrl('/robots.txt'));
    await seed.evaluate(
      ([refresh, fingerprint]) => {
        localStorage.setItem('auth._token.local', 'eyJhbGciOiJFZERTQSJ9.e30.refused-token');
        localStorage.setItem('auth._refresh_token.local', refresh);
        localStorage.setItem('fingerprint', fingerprint);
      },
      [account.refresh_token, account.fingerprint],
    );
    await seed.close();
    const [a, b] = [await context.newPage(), await context.newPage()];
    await Promise.all([a, b].map((p) => p.goto(appUrl('/account'), { waitUntil: 'domcontentloaded' })));
    for (const p of [a, b]) expect(await p.getByTestId('account-email').textContent()).toBe(account.email);
    expect(refreshes).toHaveLength(1);
    const stored = await a.evaluate(() => localStorage.getItem('auth._refresh_token.local'));
    expect(stored).not.toBe(account.refresh_token);
    expect(await b.evaluate(() => localStorage.getItem('auth._refresh_token.local'))).toBe(stored);
    await context.close();
  });

  it('checks the e-mail and password of an account deletion before asking to confirm it', async () => {
    const account = await signUp(APP_URL);
    const page = await open();
    await page.goto(appUrl('/robots.txt'));
    await page.evaluate(
      ([token, refresh]) => {
        localStorage.setItem('auth._token.local', token);
        localStorage.setItem('auth._refresh_token.local', refresh);
      },
      [account.token, account.refresh_token],
    );
    await page.goto(appUrl('/account'));
    await page.getByRole('button', { name: 'Profile' }).click();
    const form = page.getByRole('form', { name: 'Delete account' });
    await form.getByRole('button', { name: 'Delete account' }).click();
    await form.getByRole('alert').filter({ hasText: 'Enter your account e-mail to confirm' }).waitFor();
    await form.getByLabel('Account e-mail').fill(`other-${account.email}`);
    await form.getByRole('button', { name: 'Delete account' }).click();
    await form.getByRole('alert').filter({ hasText: Messages.emailMismatch }).waitFor();
    await form.getByLabel('Account e-mail').fill(account.email);
    await form.getByRole('button', { name: 'Delete account' }).click();
    await form.getByRole('alert').filter({ hasText: Messages.passwordIncorrect }).waitFor();
    expect(await page.getByRole('dialog', { name: 'Delete your account?' }).count()).toBe(0);
    // with both, the confirmation comes; Cancel keeps the account
    await form.getByLabel('Password').fill(account.password);
    await form.getByRole('button', { name: 'Delete account' }).click();
    await page.getByRole('dialog', { name: 'Delete your account?' }).getByRole('button', { name: 'Cancel' }).click();
    await form.getByRole('status').filter({ hasText: 'Nothing was deleted.' }).waitFor();
  });

  it('says so in words when the form checks cannot be loaded (connection lost after the page)', async () => {
    const page = await open();
    await page.goto(appUrl('/account/login'));
    await page.getByRole('tab', { name: 'Sign up' }).click();
    // The schemas come with the first submit; this connection now refuses them.
    await page.context().route(/\/assets\/schemas[^/]*\.js$/, (route) => route.abort('internetdisconnected'));
    const signup = page.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Name').fill('Offline Olga');
    await signup.getByLabel('E-mail').fill(`offline-${Date.now()}@example.test`);
    await signup.getByLabel('Password').fill('Sunny-day-42');
    await signup.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('alert').filter({ hasText: 'The form could not be checked. Please check your connection and try again' }).waitFor();
  });
});
