/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { screen } from '@testing-library/react';
import { renderAt, apiServerPerTest } from '../../test/render';
import { LoginPage } from './LoginPage';
import { ResetPasswordPage } from './ResetPasswordPage';

const api = apiServerPerTest({ google_sign_in: false });

const renderResetPage = (path: string) => renderAt(path, { '/account/reset': <ResetPasswordPage />, '/account/login': <LoginPage /> });

const resets = () => api().received.filter((r) => r.path === '/auth/password/reset');

describe('the reset password page', () => {
  it('sets the new password with the token of the link', async () => {
    api().on('POST /auth/password/reset', { status: 200, body: {} });
    const u = renderResetPage('/account/reset?token=tok-1');
    await u.type(screen.getByLabelText('New password'), 'Correct horse 42!');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));

    expect((await screen.findByRole('status')).textContent).toBe('Your password is changed. Every session was logged out.');
    expect(resets()).toEqual([expect.objectContaining({ body: { token: 'tok-1', password: 'Correct horse 42!' } })]);
  });

  it('opened without a token, says what to do and leads to a new reset request instead of a form that can only fail', async () => {
    const u = renderResetPage('/account/reset');
    expect(screen.getByRole('alert').textContent).toBe(Messages.resetLinkMissing);
    expect(screen.queryByLabelText('New password')).toBeNull();

    await u.click(screen.getByRole('link', { name: 'Request a new link' }));
    expect(await screen.findByRole('form', { name: 'Forgot password' })).toBeTruthy();
    expect(resets()).toEqual([]);
  });

  it('with an expired link, offers a new one that the reset request form sends', async () => {
    api().on('POST /auth/password/reset', { status: 400, body: { statusCode: 400, message: Messages.linkInvalid, code: 'LINK_INVALID' } });
    api().on('POST /auth/password/forgot', { status: 202, body: {} });
    const u = renderResetPage('/account/reset?token=old');
    await u.type(screen.getByLabelText('New password'), 'Correct horse 42!');
    await u.click(screen.getByRole('button', { name: 'Set new password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(Messages.linkInvalid);

    await u.click(screen.getByRole('link', { name: 'Request a new link' }));
    await u.type(await screen.findByLabelText('E-mail'), 'ann@example.com');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('status')).textContent).toBe('If an account exists for this address, we sent it a link to reset the password.');
    expect(api().received.find((r) => r.path === '/auth/password/forgot')?.body).toEqual({ email: 'ann@example.com' });
  });
});
