/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { useLocation } from 'react-router-dom';
import { readToken, writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { keepSignInNonce, newSignInNonce } from '../auth/google-sign-in';
import { SignInCard } from '../auth/login/SignInCard';
import { AccountGate } from './AccountGate';

const ann = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const api = apiServerPerTest({ google_sign_in: true });

/** Where the router is, fragment included. */
function Where() {
  const { pathname, search, hash } = useLocation();
  return <code data-testid="where">{pathname + search + hash}</code>;
}

const renderAccount = (path: string) =>
  renderAt(path, {
    '/account': (
      <AccountGate>
        <h1>Your account</h1>
        <Where />
      </AccountGate>
    ),
    '/account/login': (
      <>
        <SignInCard />
        <Where />
      </>
    ),
  });

const fragment = (fields: Record<string, string>) => `/account#${new URLSearchParams(fields)}`;
const where = () => screen.getByTestId('where').textContent;
const keptNonce = () => localStorage.getItem('vn.google_sign_in_nonce');

beforeEach(() => localStorage.removeItem('vn.google_sign_in_nonce'));
// jsdom does not navigate: a click on the Google link only runs the page's own handler
const stopNavigation = (e: Event) => e.preventDefault();
beforeAll(() => document.addEventListener('click', stopNavigation));
afterAll(() => document.removeEventListener('click', stopNavigation));

describe('the account page as the end of Google sign-in', () => {
  it('takes the tokens of the sign-in this browser started, then forgets the nonce and the fragment', async () => {
    api().on('GET /auth/user', { status: 200, body: { user: ann } });
    const u = renderAccount('/account/login');
    const link = await screen.findByRole('link', { name: 'Continue with Google' });
    await u.click(link);
    const start = new URL(link.getAttribute('href')!, 'http://app.test');
    expect(start.pathname).toBe('/api/auth/google');
    const nonce = start.searchParams.get('nonce');
    expect(nonce).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(keptNonce()).toBe(nonce);

    // the gateway sends the browser back to /account with the tokens and this nonce
    cleanup();
    renderAccount(fragment({ token: 'access-ann', refresh_token: 'refresh-ann', nonce: nonce! }));

    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/account'));
    expect(readToken()).toBe('access-ann');
    expect(keptNonce()).toBeNull();
    expect(screen.queryByText(Messages.signInLinkIgnored)).toBeNull();
  });

  it('keeps the signed-in session when a link carries someone else’s tokens', async () => {
    api().on('GET /auth/user', ({ authorization }) => ({ status: 200, body: { user: { ...ann, id: authorization === 'Bearer access-ann' ? 'u1' : 'u2' } } }));
    writeTokens({ token: 'access-ann', refresh_token: 'refresh-ann' });
    // a sign-in of this browser is under way: a guessed nonce does not match it
    keepSignInNonce(newSignInNonce());
    renderAccount(fragment({ token: 'access-mallory', refresh_token: 'refresh-mallory', nonce: newSignInNonce() }));

    expect((await screen.findByRole('status')).textContent).toBe(Messages.signInLinkIgnored);
    expect(screen.getByRole('heading', { name: 'Your account' })).toBeTruthy();
    await waitFor(() => expect(where()).toBe('/account'));
    expect(readToken()).toBe('access-ann');
    expect(localStorage.getItem('auth._refresh_token.local')).toBe('refresh-ann');
    expect(keptNonce()).toBeNull();
    expect(api().received.some((r) => r.authorization === 'Bearer access-mallory')).toBe(false);
  });

  it('sends a signed-out visitor with foreign tokens to the login page, signed out, with the notice', async () => {
    renderAccount(fragment({ token: 'access-mallory', refresh_token: 'refresh-mallory' }));

    expect(await screen.findByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(screen.getByText(Messages.signInLinkIgnored)).toBeTruthy();
    expect(where()).toBe('/account/login');
    expect(readToken()).toBeNull();
    expect(api().received.some((r) => r.authorization === 'Bearer access-mallory')).toBe(false);
  });

  it('leaves the section fragments of the account page alone', async () => {
    api().on('GET /auth/user', { status: 200, body: { user: ann } });
    writeTokens({ token: 'access-ann', refresh_token: 'refresh-ann' });
    renderAccount('/account#published');

    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(where()).toBe('/account#published');
    expect(screen.queryByText(Messages.signInLinkIgnored)).toBeNull();
  });
});
