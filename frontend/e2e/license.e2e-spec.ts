import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ACTIVATION_LINK, outboxReader, signUp, waitForMail, type SignedUp } from '@visualnotes/testing';
import type { Page } from 'playwright-core';
import { APP_URL, appUrl, signIn, useBrowser } from './browser';

const ROOT = resolve(__dirname, '../..');
jest.setTimeout(60_000);
const chromium = useBrowser();

async function open(width: number, height: number, user?: SignedUp): Promise<Page> {
  const context = await chromium.newContext({ viewport: { width, height } });
  if (user) await signIn(context, user);
  return context.newPage();
}

/** The operator command, against the running product. */
function issueLicense(email: string, tier = 'pro', plan = 'yearly'): string {
  const run = spawnSync('npm', ['run', '--silent', 'license', '--', 'issue', '--email', email, '--tier', tier, '--plan', plan], {
    cwd: ROOT,
    env: { ...process.env, REDIS_PREFIX: process.env.STACK_REDIS_PREFIX ?? 'vn', DATABASE_URL: process.env.STACK_DATABASE_URL ?? '' },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`license issue failed: ${run.stderr}`);
  const key = /key:\s+([\d-]{19})/.exec(run.stdout)?.[1];
  if (!key) throw new Error(`no key in: ${run.stdout}`);
  return key;
}

describe('pricing', () => {
  it('shows the plans as cards side by side on a desktop', async () => {
    const page = await open(1280, 800);
    await page.goto(appUrl('/pricing'));
    const desktop = page.getByTestId('pricing-cards-desktop');
    await desktop.waitFor();
    expect(await page.getByTestId('pricing-cards-mobile').isVisible()).toBe(false);
    expect(await desktop.locator('article').count()).toBe(4);
    expect(await page.getByTestId('money-back').textContent()).toContain('30-day money-back guarantee');
    expect(await desktop.getByTestId('plan-premium').getByTestId('price').textContent()).toMatch(/\$\d/);
    // Desktop Pro: choosing Pro Max shows its price
    const card = desktop.getByTestId('plan-desktop');
    const before = await card.getByTestId('price').textContent();
    await card.getByRole('button', { name: /Pro Max · 20 devices/ }).click();
    expect(await card.getByTestId('price').textContent()).not.toBe(before);
  });

  it('shows one plan at a time with tabs on a phone', async () => {
    const page = await open(375, 740);
    await page.goto(appUrl('/pricing'));
    const mobile = page.getByTestId('pricing-cards-mobile');
    await mobile.waitFor();
    expect(await page.getByTestId('pricing-cards-desktop').isVisible()).toBe(false);
    expect(await mobile.locator('article').count()).toBe(1);
    await mobile.getByRole('tab', { name: 'Desktop Pro' }).click();
    await mobile
      .getByTestId('plan-desktop')
      .getByRole('button', { name: /Pro Plus · 8 devices/ })
      .waitFor();
    const box = await mobile.locator('article').boundingBox();
    expect(box!.width).toBeLessThanOrEqual(375);
  });
});

describe('account: license and invite', () => {
  it('activates a license with its key, removes the device and adds a user', async () => {
    const owner = await signUp(APP_URL);
    const key = issueLicense(owner.email, 'pro', 'yearly');
    const page = await open(1280, 900, owner);
    await page.goto(appUrl('/account'));
    await page.getByTestId('license-card').first().waitFor();
    expect(await page.getByTestId('license-key').textContent()).toBe(key);
    expect(await page.getByTestId('license-status').textContent()).toBe('Active');

    // a mistyped key is refused in the page
    await page.getByLabel('License key').fill('1234 5678 9012 3456');
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await page.getByRole('alert').getByText('This license does not exist. Please confirm and re-enter the correct license key.').waitFor();

    await page.getByLabel('License key').fill(key);
    await page.getByLabel('Device name').fill('Work laptop');
    await page.getByRole('button', { name: 'Activate', exact: true }).click();
    await page
      .getByRole('status')
      .getByText(/Work laptop is activated/)
      .waitFor();
    await page.getByTestId('device').filter({ hasText: 'Work laptop' }).waitFor();
    expect(await page.getByTestId('device-count').textContent()).toBe('1 of 4 activated');

    // removing asks first: Cancel keeps the device, the dialog's button removes it
    const remove = page.getByTestId('device').filter({ hasText: 'Work laptop' }).getByRole('button', { name: 'Remove' });
    await remove.click();
    const confirm = page.getByRole('dialog', { name: 'Remove device?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect(await page.getByTestId('device-count').textContent()).toBe('1 of 4 activated');
    await remove.click();
    await confirm.getByRole('button', { name: 'Remove device' }).click();
    await page.getByText('No device is activated yet', { exact: false }).waitFor();
    expect(await page.getByTestId('device-count').textContent()).toBe('0 of 4 activated');

    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByText('an e-mail address is required').waitFor();
    await page.getByLabel('User e-mail address').fill('Colleague@Example.test');
    await page.getByRole('button', { name: 'Add user' }).click();
    await page.getByTestId('license-user').filter({ hasText: 'colleague@example.test' }).waitFor();
  });

  it('keeps a referral code from /refer/{code} through registration and unlocks the inviter', async () => {
    const inviter = await signUp(APP_URL);
    const page = await open(1280, 900, inviter);
    await page.goto(appUrl('/account'));
    const link = await page.getByTestId('invite-link').inputValue();
    expect(await page.getByTestId('invite-unlocked').textContent()).toBe('Locked');
    const code = /\/refer\/([^/?#]+)$/.exec(link)![1];
    // the inviter opening their own link sees their invite panel, not an invitation to sign up
    await page.goto(appUrl(`/refer/${code}`));
    await page.getByTestId('invite-link').waitFor();
    expect(await page.getByTestId('refer-landing').count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('referral_code'))).toBeNull();

    const visitor = await open(375, 740);
    // a link cut short is said not to be valid, and its code is not kept
    await visitor.goto(appUrl(`/refer/${code.slice(0, -2)}`));
    await visitor.getByRole('heading', { name: 'This invitation link is not valid' }).waitFor();
    expect(await visitor.evaluate(() => localStorage.getItem('referral_code'))).toBeNull();
    await visitor.goto(appUrl(`/refer/${code}`));
    await visitor.getByRole('heading', { name: 'You are invited' }).waitFor();
    await visitor.getByTestId('refer-landing').waitFor();
    expect(await visitor.evaluate(() => localStorage.getItem('referral_code'))).toBe(code);

    // the invitation leads to the sign-up form, which sends the kept code as referral_code and then forgets it
    const email = `friend-${Date.now()}@example.test`;
    await visitor.getByRole('link', { name: 'Create your free account' }).click();
    const signup = visitor.getByRole('form', { name: 'Sign up' });
    await signup.getByLabel('Name').fill('Friend');
    await signup.getByLabel('E-mail').fill(email);
    await signup.getByLabel('Password').fill('Passw0rd-friend');
    const registered = visitor.waitForResponse((r) => r.url().endsWith('/api/auth/register') && r.request().method() === 'POST');
    await signup.getByRole('button', { name: 'Create account' }).click();
    const response = await registered;
    expect(response.status()).toBe(201);
    expect(JSON.parse(response.request().postData() ?? '{}')).toMatchObject({ email, referral_code: code });
    await visitor
      .getByRole('status')
      .getByText(/Check your e-mail/)
      .waitFor();
    expect(await visitor.evaluate(() => localStorage.getItem('referral_code'))).toBeNull();
    await page.reload();
    await page.getByTestId('invite-invited').getByText('1').waitFor();
    expect(await page.getByTestId('invite-unlocked').textContent()).toBe('Locked');

    const token = await waitForMail(outboxReader(APP_URL), email, ACTIVATION_LINK);
    await visitor.goto(appUrl(`/user/confirm?token=${token}`));
    const activated = await visitor.evaluate(
      async (token) =>
        (await fetch('/api/auth/activate', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token }) })).status,
      token,
    );
    expect([200, 400]).toContain(activated); // the confirm page may have used the token already

    await page.reload();
    await page.getByTestId('invite-unlocked').getByText('Unlocked').waitFor();
  });
});
