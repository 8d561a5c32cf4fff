/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { forgotPasswordSchema, Messages, registerSchema } from '@visualnotes/contracts';
import { cleanup, screen, waitFor } from '@testing-library/react';
import { readToken } from '../../app/api/tokens';
import { renderAt, apiServerPerTest } from '../../test/render';
import { LoginPage } from './LoginPage';

const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };
const api = apiServerPerTest({ google_sign_in: false });

const renderLoginPage = (path = '/account/login') => renderAt(path, { '/account/login': <LoginPage />, '/account': <h1>Your account</h1> });

const logins = () => api().received.filter((r) => r.path === '/auth/login');

describe('the login page', () => {
  it('signs in and goes to the account page', async () => {
    api().on('POST /auth/login', { status: 200, body: { token: 'access-1', refresh_token: 'refresh-1', user } });
    const u = renderLoginPage();
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Log in' }));

    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(logins()).toEqual([
      expect.objectContaining({ method: 'POST', body: expect.objectContaining({ email: 'ann@example.com', password: 'correct horse' }) }),
    ]);
    expect(readToken()).toBe('access-1');
  });

  it('shows the catalogue message for a wrong password and stays on the form', async () => {
    api().on('POST /auth/login', { status: 401, body: { statusCode: 401, message: Messages.loginFailed, code: 'LOGIN_FAILED' } });
    const u = renderLoginPage();
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'wrong');
    await u.click(screen.getByRole('button', { name: 'Log in' }));

    expect((await screen.findByRole('alert')).textContent).toBe(Messages.loginFailed);
    expect(screen.getByRole('form', { name: 'Log in' })).toBeTruthy();
    expect(readToken()).toBeNull();
  });

  it('offers to resend the activation e-mail to an account that is not activated', async () => {
    api().on('POST /auth/login', { status: 403, body: { statusCode: 403, message: Messages.accountNotActivated, code: 'ACCOUNT_NOT_ACTIVATED' } });
    api().on('POST /auth/activation/resend', { status: 201, body: {} });
    const u = renderLoginPage();
    await u.type(screen.getByLabelText('E-mail'), 'new@example.com');
    await u.type(screen.getByLabelText('Password'), 'whatever');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await u.click(await screen.findByRole('button', { name: 'Send the activation e-mail again' }));

    expect((await screen.findByRole('status')).textContent).toBe('We sent the activation link again. Check your spam folder too.');
    expect(api().received.find((r) => r.path === '/auth/activation/resend')?.body).toEqual({ email: 'new@example.com' });
  });

  it('checks the sign-up form before sending it', async () => {
    api().on('POST /auth/register', { status: 201, body: {} });
    const u = renderLoginPage('/account/login?register=1');
    await u.type(screen.getByLabelText('Name'), 'Ann');
    await u.type(screen.getByLabelText('E-mail'), 'not-an-address');
    await u.type(screen.getByLabelText('Password'), 'x');
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    const expected = registerSchema.safeParse({ name: 'Ann', email: 'not-an-address', password: 'x' }).error?.issues[0]?.message;
    expect(expected).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(expected);
    // the field it is about is marked invalid and described by it
    const email = screen.getByLabelText('E-mail');
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(email.getAttribute('aria-describedby')).toBe(alert.id);
    expect(api().received.some((r) => r.path === '/auth/register')).toBe(false);
  });

  it('says what is wrong with a short password once, under the field', async () => {
    const u = renderLoginPage('/account/login?register=1');
    await u.type(screen.getByLabelText('Name'), 'Ann');
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'abc');
    await u.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.queryByRole('alert')).toBeNull();
    const password = document.querySelector<HTMLInputElement>('input[name="password"]')!;
    expect(document.activeElement).toBe(password);
    // the hint is not part of the field's name, but describes it
    expect(screen.getByLabelText('Password')).toBe(password);
    expect(document.getElementById(password.getAttribute('aria-describedby')!)?.textContent).toBeTruthy();
    expect(api().received.some((r) => r.path === '/auth/register')).toBe(false);
  });

  it('asks for an e-mail address before sending a reset link', async () => {
    const u = renderLoginPage('/account/login?forgot=1');
    await u.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(forgotPasswordSchema.safeParse({ email: '' }).error?.issues[0]?.message);
    expect(api().received.some((r) => r.path === '/auth/password/forgot')).toBe(false);
  });

  it('asks a new device for the 6-digit security code, then signs in with it', async () => {
    api().on('POST /auth/login', { status: 200, body: { security_code_required: true, challenge: 'challenge-1' } });
    api().on('POST /auth/login/security-code', { status: 200, body: { token: 'access-2', refresh_token: 'refresh-2', user } });
    const u = renderLoginPage();
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    // only digits are kept
    await u.type(await screen.findByLabelText('6-digit code'), '12a3456');
    await u.click(screen.getByRole('button', { name: 'Continue' }));

    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(api().received.find((r) => r.path === '/auth/login/security-code')?.body).toEqual({ challenge: 'challenge-1', code: '123456' });
  });

  it('keeps the security code step through a reload of the tab, until the user asks for a new code', async () => {
    api().on('POST /auth/login', { status: 200, body: { security_code_required: true, challenge: 'challenge-1' } });
    api().on('POST /auth/login/security-code', { status: 200, body: { token: 'access-2', refresh_token: 'refresh-2', user } });
    let u = renderLoginPage();
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await screen.findByLabelText('6-digit code');

    // the page is loaded again while the e-mail is on its way: the code is still asked for
    cleanup();
    u = renderLoginPage();
    expect(await screen.findByLabelText('6-digit code')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/6-digit security code/);
    await u.click(screen.getByRole('button', { name: 'Get a new code' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();

    // once left, a reload starts from the password again
    cleanup();
    u = renderLoginPage();
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('6-digit code')).toBeNull();

    // and a code that signs in is not asked for again
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText('Password'), 'correct horse');
    await u.click(screen.getByRole('button', { name: 'Log in' }));
    await u.type(await screen.findByLabelText('6-digit code'), '123456');
    await u.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { name: 'Your account' })).toBeTruthy();
    expect(sessionStorage.getItem('auth.code-step')).toBeNull();
  });

  it('sends one sign-up for a double click on “Create account”', async () => {
    let answer: () => void = () => undefined;
    api().on('POST /auth/register', () => new Promise((resolve) => (answer = () => resolve({ status: 201, body: {} }))));
    const u = renderLoginPage('/account/login?register=1');
    await u.type(screen.getByLabelText('Name'), 'Ann');
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'correct horse 1');
    await u.dblClick(screen.getByRole('button', { name: 'Create account' }));

    await waitFor(() => expect(api().received.filter((r) => r.path === '/auth/register')).toHaveLength(1));
    expect(screen.getByRole('button', { name: 'Create account' }).getAttribute('aria-busy')).toBe('true');
    answer();
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(api().received.filter((r) => r.path === '/auth/register')).toHaveLength(1);
  });

  it('shows what is wrong under the field, and forgets it once that field is edited', async () => {
    const u = renderLoginPage('/account/login?register=1');
    await u.type(screen.getByLabelText('E-mail'), 'ann@example.com');
    await u.type(screen.getByLabelText(/^Password/), 'correct horse 1');
    await u.click(screen.getByRole('button', { name: 'Create account' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(registerSchema.safeParse({ name: '', email: 'ann@example.com', password: 'correct horse 1' }).error?.issues[0]?.message);
    expect(screen.getByLabelText('Name').getAttribute('aria-describedby')).toBe(alert.id);
    await u.type(screen.getByLabelText('Name'), 'A');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('stops the name at the length the server takes, and gives the shortest password', async () => {
    const u = renderLoginPage('/account/login?register=1');
    expect(screen.getByLabelText('Name').getAttribute('maxLength')).toBe('100');
    expect(registerSchema.safeParse({ name: 'x'.repeat(101), email: 'ann@example.com', password: 'correct horse 1' }).success).toBe(false);
    await u.type(screen.getByLabelText(/^Password/), 'abc');
    expect(screen.getByText(Messages.passwordTooShortShort).textContent).toContain('8');
  });
});
