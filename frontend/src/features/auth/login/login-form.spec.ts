import { initialLoginForm, loginFormReducer, type LoginFormState } from './login-form';

const start = (over: Partial<LoginFormState> = {}): LoginFormState => ({ ...initialLoginForm(), ...over });

describe('the login form reducer', () => {
  it('starts on the form it is asked for, with the error it is given', () => {
    expect(initialLoginForm()).toMatchObject({ mode: 'login', error: null, busy: false });
    expect(initialLoginForm('register', 'Google sign-in failed')).toMatchObject({ mode: 'register', error: 'Google sign-in failed' });
  });

  it('keeps what is typed, and only digits in the security code', () => {
    let s = loginFormReducer(start(), { type: 'edit', field: 'email', value: 'ann@example.com' });
    s = loginFormReducer(s, { type: 'edit', field: 'code', value: '12a 3-45x6' });
    expect(s.email).toBe('ann@example.com');
    expect(s.code).toBe('123456');
  });

  it('forgets the messages and the resend offer when switching forms, but keeps the e-mail', () => {
    const s = loginFormReducer(start({ email: 'a@b.c', error: 'x', notice: 'y', unactivated: true }), { type: 'switch', mode: 'forgot' });
    expect(s).toMatchObject({ mode: 'forgot', email: 'a@b.c', error: null, notice: null, unactivated: false });
  });

  it('is busy while a request runs and shows its failure afterwards', () => {
    const busy = loginFormReducer(start({ error: 'old', notice: 'old' }), { type: 'start' });
    expect(busy).toMatchObject({ busy: true, error: null, notice: null });
    const failed = loginFormReducer(busy, { type: 'failed', error: 'Your account is not activated yet', unactivated: true });
    expect(failed).toMatchObject({ busy: false, error: 'Your account is not activated yet', unactivated: true });
  });

  it('asks for the security code with a fresh, empty code field', () => {
    const s = loginFormReducer(start({ code: '999', busy: true }), { type: 'codeRequired', challenge: 'ch-1', notice: 'sent' });
    expect(s).toMatchObject({ mode: 'code', challenge: 'ch-1', code: '', notice: 'sent', busy: false });
  });

  it('after a sign-up goes back to the login form with the notice', () => {
    const s = loginFormReducer(start({ mode: 'register', busy: true }), { type: 'done', mode: 'login', notice: 'check your e-mail' });
    expect(s).toMatchObject({ mode: 'login', notice: 'check your e-mail', busy: false });
  });

  it('a local check shows its message without touching the rest', () => {
    const s = loginFormReducer(start({ mode: 'code', code: '12' }), { type: 'invalid', error: 'The security code has 6 digits' });
    expect(s).toMatchObject({ mode: 'code', code: '12', error: 'The security code has 6 digits', busy: false });
  });

  it('once the activation e-mail is sent, the offer to resend it goes away', () => {
    const s = loginFormReducer(start({ unactivated: true, busy: true }), { type: 'activationSent', notice: 'sent again' });
    expect(s).toMatchObject({ unactivated: false, notice: 'sent again', busy: false });
  });
});
