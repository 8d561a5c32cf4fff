/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import { renderAt, apiServerPerTest } from '../../test/render';
import { AppSumoPage } from './AppSumoPage';
import { LoginPage } from './LoginPage';

const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const api = apiServerPerTest({ google_sign_in: false });

const renderAppSumoPage = () => renderAt('/account/appsumo', { '/account/appsumo': <AppSumoPage />, '/account/login': <LoginPage /> });

describe('the deal-site code page', () => {
  it('tells a signed-out buyer to log in or sign up first, and comes back here after logging in', async () => {
    api().on('POST /auth/login', { status: 200, body: { token: 'access-1', refresh_token: 'refresh-1', user } });
    api().on('GET /auth/user', { status: 200, body: { user } });
    const u = renderAppSumoPage();
    const notice = await screen.findByTestId('need-login');
    expect(notice.textContent).toContain(Messages.needLogin);
    expect(screen.getByRole('link', { name: 'create a free account' }).getAttribute('href')).toBe('/account/login?register=1');

    await u.click(screen.getByRole('link', { name: 'Log in' }));
    await u.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Redeem your AppSumo code' })).toBeTruthy();
    expect(screen.queryByTestId('need-login')).toBeNull();
  });
});
