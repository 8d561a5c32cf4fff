import { useTranslation } from '../../i18n/i18n';
import { Messages, passwordProblemShort } from '@visualnotes/contracts';
import { runApi } from '../../app/api/api';
import { useCapabilitiesQuery } from '../../app/api/capabilities';
import { errorMessage } from '../../app/error/describe-error';
import { loadSchemas } from '../../features/forms/schemas';
import { useCallback, useReducer, useRef, type FormEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { authApi } from '../../features/auth/api';
import styles from '../../features/auth/auth.module.css';
import { deviceFingerprint } from '../../features/auth/fingerprint';
import { takeRedirect } from '../../features/auth/redirect';
import { startSession } from '../../features/auth/session';
import { useGuestOnly } from '../../features/auth/useAuth';
import { clearReferralCode, storedReferralCode } from '../../features/license/referral';
import { msg } from '../../i18n/msg';
import { GoogleSignInLink, SignInIgnoredNotice } from './google-sign-in';
import { readStoredJson, writeStored } from '../../app/browser-storage';
import { CODE_SENT_NOTICE, initialLoginForm, loginFormReducer, NAME_MAX, type Field, type LoginFormAction, type Mode } from './login-form';

/**
 * The security code step outlives a reload of the tab (the code arrives by e-mail, and people
 * reload while they wait): its challenge is kept in the tab's storage for as long as the code is valid.
 */
const CODE_STEP_KEY = 'auth.code-step';
const CODE_VALID_MS = 10 * 60_000;

function keepCodeStep(challenge: string | null) {
  writeStored('tab', CODE_STEP_KEY, challenge ? JSON.stringify({ challenge, until: Date.now() + CODE_VALID_MS }) : null);
}

function keptCodeStep(): string | null {
  const kept = readStoredJson<{ challenge?: unknown; until?: unknown }>('tab', CODE_STEP_KEY);
  return kept && typeof kept.challenge === 'string' && typeof kept.until === 'number' && kept.until > Date.now() ? kept.challenge : null;
}

/** The form field a schema issue is about, when it is one the page shows. */
const asField = (key: PropertyKey | undefined): Field | undefined => (key === 'name' || key === 'email' || key === 'password' ? key : undefined);

/** What the login page says after the user logged out on all devices or deleted the account (history state `signedOut`). */
const SIGNED_OUT_NOTICES: Record<string, string> = {
  everywhere: msg('You were logged out on all devices.'),
  deleted: msg('Your account was deleted.'),
};

function SignedOutNotice() {
  const { t } = useTranslation();
  const { state } = useLocation();
  const reason = typeof state === 'object' && state !== null && 'signedOut' in state ? state.signedOut : null;
  const notice = typeof reason === 'string' && Object.hasOwn(SIGNED_OUT_NOTICES, reason) ? SIGNED_OUT_NOTICES[reason] : null;
  return notice ? (
    <p className={styles.success} role="status" data-testid="signed-out-notice">
      {t(notice)}
    </p>
  ) : null;
}

/** `/account/login`: log in, register, forgot password, the new-device code step, Google. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // `?register=1` (the invitation page's link) opens the sign-up form, `?forgot=1` (an expired reset link) the reset request
  const [state, dispatch] = useReducer(loginFormReducer, undefined, () => {
    const start = initialLoginForm(
      params.get('register') === '1' ? 'register' : params.get('forgot') === '1' ? 'forgot' : 'login',
      params.get('error') === 'google' ? Messages.googleLoginFailed : null,
    );
    const challenge = start.mode === 'login' && !start.error ? keptCodeStep() : null;
    return challenge ? loginFormReducer(start, { type: 'codeRequired', challenge, notice: CODE_SENT_NOTICE }) : start;
  });
  const { mode, name, email, password, code, challenge, error, errorField, notice, busy, unactivated } = state;
  const justLoggedIn = useRef(false);
  const newPassword = useRef<HTMLInputElement>(null);
  // the Google button only where Google sign-in is set up (unknown until the answer: hidden)
  const { data: capabilities } = useCapabilitiesQuery();

  // guest-only: a signed-in visitor goes home; one who just logged in goes to the remembered path
  useGuestOnly(useCallback(() => navigate(justLoggedIn.current ? takeRedirect('/account') : '/', { replace: true }), [navigate]));

  const passwordHint = mode === 'register' && password ? passwordProblemShort(password) : null;
  const edit = (field: Field) => (e: { target: { value: string } }) => dispatch({ type: 'edit', field, value: e.target.value });
  const switchTo = (next: Mode) => {
    if (mode === 'code') keepCodeStep(null);
    dispatch({ type: 'switch', mode: next });
  };

  /**
   * Runs a request; `action` answers what to do once it succeeded. A form is busy from the click on
   * (before its checks, which may wait for the schemas): its button is disabled, so a double click
   * sends one request, not two (two sign-ups mailed two activation links, the first one then invalid).
   */
  async function run(action: () => Promise<LoginFormAction>) {
    dispatch({ type: 'start' });
    try {
      dispatch(await action());
    } catch (err) {
      const message = errorMessage(err) ?? '';
      dispatch({ type: 'failed', error: message, unactivated: message === Messages.accountNotActivated });
    }
  }

  const submitLogin = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    void run(async () => {
      const answer = await runApi(authApi.endpoints.login.initiate({ email, password, fingerprint: deviceFingerprint() }));
      if ('security_code_required' in answer) {
        keepCodeStep(answer.challenge);
        return { type: 'codeRequired', challenge: answer.challenge, notice: CODE_SENT_NOTICE };
      }
      justLoggedIn.current = true;
      startSession(answer);
      return { type: 'done' };
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!/^\d{6}$/.test(code.trim())) return dispatch({ type: 'invalid', error: msg('The security code has 6 digits'), field: 'code' });
    void run(async () => {
      const answer = await runApi(authApi.endpoints.loginWithCode.initiate({ challenge, code: code.trim() }));
      keepCodeStep(null);
      justLoggedIn.current = true;
      startSession(answer);
      return { type: 'done' };
    });
  };

  const submitRegister = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    dispatch({ type: 'start' });
    const schemas = await loadSchemas().catch((err: Error) => void dispatch({ type: 'invalid', error: err.message }));
    if (!schemas) return;
    const { registerSchema } = schemas;
    // a code kept from `/refer/{code}`; one the form would refuse is dropped rather than blocking the sign-up
    const kept = storedReferralCode();
    const referral = kept && registerSchema.shape.referral_code.safeParse(kept).success ? kept : undefined;
    const parsed = registerSchema.safeParse({ name, email, password, referral_code: referral });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      // the hint under the password field already says what is wrong with it: one message, not two
      if (issue?.path[0] === 'password' && passwordHint) {
        dispatch({ type: 'invalid', error: '' });
        return newPassword.current?.focus();
      }
      return dispatch({ type: 'invalid', error: issue?.message ?? 'Invalid request', field: asField(issue?.path[0]) });
    }
    void run(async () => {
      await runApi(authApi.endpoints.register.initiate(parsed.data));
      clearReferralCode();
      return { type: 'done', mode: 'login', notice: msg('Check your e-mail (it may be in your spam folder) and open the link to activate your account.') };
    });
  };

  const submitForgot = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    dispatch({ type: 'start' });
    const schemas = await loadSchemas().catch((err: Error) => void dispatch({ type: 'invalid', error: err.message }));
    if (!schemas) return;
    const parsed = schemas.forgotPasswordSchema.safeParse({ email });
    if (!parsed.success) return dispatch({ type: 'invalid', error: parsed.error.issues[0]?.message ?? 'Invalid request', field: 'email' });
    void run(async () => {
      await runApi(authApi.endpoints.forgotPassword.initiate(parsed.data));
      return { type: 'done', notice: msg('If an account exists for this address, we sent it a link to reset the password.') };
    });
  };

  const resend = () =>
    void run(async () => {
      await runApi(authApi.endpoints.resendActivation.initiate({ email }));
      return { type: 'activationSent', notice: msg('We sent the activation link again. Check your spam folder too.') };
    });

  /** What is wrong with `field`, under it (and named by it to a screen reader). */
  const fieldError = (field: Field) =>
    error && errorField === field ? (
      <span id={`${field}-error`} className={styles.hint} role="alert">
        {t(error)}
      </span>
    ) : null;
  const invalid = (field: Field) => (error && errorField === field ? ({ 'aria-invalid': true, 'aria-describedby': `${field}-error` } as const) : {});

  // one e-mail field, shown by whichever of the log-in, sign-up and forgot-password forms is open
  const emailField = (
    <>
      <label>
        {t('E-mail')}
        <input name="email" type="email" autoComplete="email" required value={email} onChange={edit('email')} {...invalid('email')} />
      </label>
      {fieldError('email')}
    </>
  );

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <SignedOutNotice />
        {mode !== 'code' && (
          <div className={styles.tabs} role="tablist">
            <button type="button" role="tab" className={styles.tab} aria-selected={mode === 'login'} onClick={() => switchTo('login')}>
              {t('Log in')}
            </button>
            <button type="button" role="tab" className={styles.tab} aria-selected={mode === 'register'} onClick={() => switchTo('register')}>
              {t('Sign up')}
            </button>
          </div>
        )}

        {mode === 'login' && (
          <form className={styles.form} onSubmit={submitLogin} aria-label={t('Log in')}>
            {emailField}
            <label>
              {t('Password')}
              <input name="password" type="password" autoComplete="current-password" required value={password} onChange={edit('password')} />
            </label>
            <button className={styles.button} type="submit" disabled={busy} aria-busy={busy}>
              {t('Log in')}
            </button>
            <button type="button" className={styles.link} onClick={() => switchTo('forgot')}>
              {t('Forgot password?')}
            </button>
          </form>
        )}

        {mode === 'register' && (
          <form className={styles.form} onSubmit={submitRegister} aria-label={t('Sign up')} noValidate>
            <label>
              {t('Name')}
              <input name="name" autoComplete="name" required maxLength={NAME_MAX} value={name} onChange={edit('name')} {...invalid('name')} />
            </label>
            {fieldError('name')}
            {emailField}
            <label>
              {t('Password')}
              <input
                ref={newPassword}
                name="password"
                type="password"
                autoComplete="new-password"
                required
                value={password}
                onChange={edit('password')}
                {...invalid('password')}
              />
              {passwordHint && <span className={styles.hint}>{t(passwordHint)}</span>}
            </label>
            {!passwordHint && fieldError('password')}
            <button className={styles.button} type="submit" disabled={busy} aria-busy={busy}>
              {t('Create account')}
            </button>
          </form>
        )}

        {mode === 'forgot' && (
          <form className={styles.form} onSubmit={(e) => void submitForgot(e)} aria-label={t('Forgot password')} noValidate>
            <h2>{t('Forgot password')}</h2>
            {emailField}
            <button className={styles.button} type="submit" disabled={busy} aria-busy={busy}>
              {t('Send reset link')}
            </button>
            <button type="button" className={styles.link} onClick={() => switchTo('login')}>
              {t('Back to log in')}
            </button>
          </form>
        )}

        {mode === 'code' && (
          <form className={styles.form} onSubmit={submitCode} aria-label={t('Security code')}>
            <h2>{t('Security code')}</h2>
            <label>
              {t('6-digit code')}
              <input
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                pattern="\d{6}"
                required
                value={code}
                onChange={edit('code')}
                {...invalid('code')}
              />
            </label>
            {fieldError('code')}
            <button className={styles.button} type="submit" disabled={busy} aria-busy={busy}>
              {t('Continue')}
            </button>
            <button type="button" className={styles.link} onClick={() => switchTo('login')}>
              {t('Get a new code')}
            </button>
          </form>
        )}

        <SignInIgnoredNotice />
        {notice && (
          <p className={styles.success} role="status">
            {t(notice)}
          </p>
        )}
        {error && !errorField && (
          <p className={styles.error} role="alert">
            {t(error)}
          </p>
        )}
        {unactivated && (
          <button type="button" className={styles.link} onClick={resend} disabled={busy} aria-busy={busy}>
            {t('Send the activation e-mail again')}
          </button>
        )}

        {mode !== 'code' && capabilities?.google_sign_in && <GoogleSignInLink className={styles.secondary} />}
      </section>
    </div>
  );
}
