/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { screen, waitFor, within } from '@testing-library/react';
import { writeTokens } from '../../app/api/tokens';
import { apiServerPerTest, renderAt } from '../../test/render';
import { SignInCard } from '../auth/login/SignInCard';
import { AccountGate } from './AccountGate';
import { ProfileModal } from './ProfileModal';

const ann = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const api = apiServerPerTest({});

const renderProfile = () =>
  renderAt('/account', {
    '/account': (
      <AccountGate>
        <ProfileModal user={ann} onClose={() => undefined} />
      </AccountGate>
    ),
    '/account/login': <SignInCard />,
  });

const form = (name: string) => screen.findByRole('form', { name });

describe('the profile dialog', () => {
  beforeEach(() => {
    writeTokens({ token: 'Bearer a-token', refresh_token: 'a-refresh-token' });
    api().on('GET /auth/user', { status: 200, body: { user: ann } });
  });

  it('says on the login page that the user was logged out on all devices', async () => {
    api().on('POST /auth/logout-all', { status: 200, body: { ok: true } });
    const u = renderProfile();
    const logout = await form('Log out everywhere');
    await u.type(within(logout).getByLabelText('Password'), 'secret-password');
    await u.click(within(logout).getByRole('button', { name: 'Log out everywhere' }));

    expect((await screen.findByTestId('signed-out-notice')).textContent).toBe('You were logged out on all devices.');
    expect(screen.getByRole('form', { name: 'Log in' })).toBeTruthy();
  });

  it('says on the login page that the account was deleted', async () => {
    api().on('DELETE /auth/account', { status: 200, body: { ok: true } });
    const u = renderProfile();
    const remove = await form('Delete account');
    await u.type(within(remove).getByLabelText('Account e-mail'), 'ann@example.com');
    await u.type(within(remove).getByLabelText('Password'), 'secret-password');
    await u.click(within(remove).getByRole('button', { name: 'Delete account' }));
    const sure = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await u.click(within(sure).getByRole('button', { name: 'Delete account' }));

    expect((await screen.findByTestId('signed-out-notice')).textContent).toBe('Your account was deleted.');
  });

  it('asks for the e-mail when the deletion form has none, without sending anything', async () => {
    const u = renderProfile();
    const remove = await form('Delete account');
    await u.type(within(remove).getByLabelText('Password'), 'secret-password');
    await u.click(within(remove).getByRole('button', { name: 'Delete account' }));

    expect((await within(remove).findByRole('alert')).textContent).toBe('Enter your account e-mail to confirm');
    expect(screen.queryByRole('dialog', { name: 'Delete your account?' })).toBeNull();
    await waitFor(() => expect(api().received.filter((r) => r.method === 'DELETE')).toHaveLength(0));
  });
});
