/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { makeStore } from '../../app/store';
import { initAuth } from '../../features/auth/session';
import { ApiServer, useServerAsBase } from '../../test/api-server';
import { AppSumoPage } from './AppSumoPage';
import { LoginPage } from './LoginPage';

// The gateway is played by a tiny HTTP server on a free port (no request mocking library).
const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
let server: ApiServer;

beforeEach(async () => {
  localStorage.clear();
  server = await new ApiServer().start();
  useServerAsBase(server);
  server.on('GET /capabilities', { status: 200, body: { google_sign_in: false } });
});
afterEach(() => server.stop());

function renderAppSumoPage() {
  const store = makeStore();
  initAuth(store);
  render(
    <Provider store={store}>
      <MemoryRouter initialEntries={['/account/appsumo']}>
        <Routes>
          <Route path="/account/appsumo" element={<AppSumoPage />} />
          <Route path="/account/login" element={<LoginPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return userEvent.setup();
}

describe('the deal-site code page', () => {
  it('tells a signed-out buyer to log in or sign up first, and comes back here after logging in', async () => {
    server.on('POST /auth/login', { status: 200, body: { token: 'access-1', refresh_token: 'refresh-1', user } });
    server.on('GET /auth/user', { status: 200, body: { user } });
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
