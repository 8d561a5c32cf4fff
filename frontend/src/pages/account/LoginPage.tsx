import { useTranslation } from '../../i18n/i18n';
import { Messages, passwordProblemShort } from '@visualnotes/contracts';
import { useCapabilitiesQuery } from '../../app/api/capabilities';
import { loadSchemas } from '../../features/forms/schemas';
import { useCallback, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import styles from '../../features/auth/auth.module.css';
import { messageOf } from '../../features/auth/errors';
import { deviceFingerprint } from '../../features/auth/fingerprint';
import { takeRedirect } from '../../features/auth/redirect';
import { login, publicCall, startSession } from '../../features/auth/session';
import { useGuestOnly } from '../../features/auth/useAuth';
import { clearReferralCode, storedReferralCode } from '../../features/license/referral';
import { msg } from '../../i18n/msg';

type Mode = 'login' | 'register' | 'forgot' | 'code';

/** `/account/login`: log in, register, forgot password, the new-device code step, Google. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  // `?register=1` (the invitation page's link) opens the sign-up form
  const [mode, setMode] = useState<Mode>(params.get('register') === '1' ? 'register' : 'login');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [challenge, setChallenge] = useState('');
  const [error, setError] = useState<string | null>(params.get('error') === 'google' ? Messages.googleLoginFailed : null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [unactivated, setUnactivated] = useState(false);
  const justLoggedIn = useRef(false);
  // the Google button only where Google sign-in is set up (unknown until the answer: hidden)
  const { data: capabilities } = useCapabilitiesQuery();

  // guest-only: a signed-in visitor goes home; one who just logged in goes to the remembered path
  useGuestOnly(useCallback(() => navigate(justLoggedIn.current ? takeRedirect('/account') : '/', { replace: true }), [navigate]));

  const passwordHint = mode === 'register' && password ? passwordProblemShort(password) : null;

  function switchTo(next: Mode) {
    setMode(next);
    setError(null);
    setNotice(null);
    setUnactivated(false);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      await action();
    } catch (err) {
      const message = messageOf(err);
      setUnactivated(message === Messages.accountNotActivated);
      setError(message);
    } finally {
      setBusy(false);
    }
  }

  const submitLogin = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      const answer = await login({ email, password, fingerprint: await deviceFingerprint() });
      if ('security_code_required' in answer) {
        setChallenge(answer.challenge);
        setCode('');
        setMode('code');
        setNotice(msg('We sent a 6-digit security code to your e-mail. It is valid for 10 minutes.'));
        return;
      }
      justLoggedIn.current = true;
      startSession(answer);
    });
  };

  const submitCode = (e: FormEvent) => {
    e.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError(msg('The security code has 6 digits'));
      return;
    }
    void run(async () => {
      const answer = await publicCall<Parameters<typeof startSession>[0]>('POST', '/auth/login/security-code', { challenge, code: code.trim() });
      justLoggedIn.current = true;
      startSession(answer);
    });
  };

  const submitRegister = async (e: FormEvent) => {
    e.preventDefault();
    const schemas = await loadSchemas().catch((err: Error) => void setError(err.message));
    if (!schemas) return;
    const { registerSchema } = schemas;
    // a code kept from `/refer/{code}`; one the form would refuse is dropped rather than blocking the sign-up
    const kept = storedReferralCode();
    const referral = kept && registerSchema.shape.referral_code.safeParse(kept).success ? kept : undefined;
    const parsed = registerSchema.safeParse({ name, email, password, referral_code: referral });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Invalid request');
      return;
    }
    void run(async () => {
      await publicCall('POST', '/auth/register', parsed.data);
      clearReferralCode();
      setMode('login');
      setNotice(msg('Check your e-mail (it may be in your spam folder) and open the link to activate your account.'));
    });
  };

  const submitForgot = (e: FormEvent) => {
    e.preventDefault();
    void run(async () => {
      await publicCall('POST', '/auth/password/forgot', { email });
      setNotice(msg('If an account exists for this address, we sent it a link to reset the password.'));
    });
  };

  const resend = () =>
    void run(async () => {
      await publicCall('POST', '/auth/activation/resend', { email });
      setNotice(msg('We sent the activation link again. Check your spam folder too.'));
      setUnactivated(false);
    });

  return (
    <div className={styles.page}>
      <section className={styles.card}>
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
            <label>
              {t('E-mail')}
              <input name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <label>
              {t('Password')}
              <input name="password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
            </label>
            <button className={styles.button} type="submit" disabled={busy}>
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
              <input name="name" autoComplete="name" required value={name} onChange={(e) => setName(e.target.value)} />
            </label>
            <label>
              {t('E-mail')}
              <input name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <label>
              {t('Password')}
              <input name="password" type="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
              {passwordHint && <span className={styles.hint}>{t(passwordHint)}</span>}
            </label>
            <button className={styles.button} type="submit" disabled={busy}>
              {t('Create account')}
            </button>
          </form>
        )}

        {mode === 'forgot' && (
          <form className={styles.form} onSubmit={submitForgot} aria-label={t('Forgot password')}>
            <h2>{t('Forgot password')}</h2>
            <label>
              {t('E-mail')}
              <input name="email" type="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} />
            </label>
            <button className={styles.button} type="submit" disabled={busy}>
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
                onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              />
            </label>
            <button className={styles.button} type="submit" disabled={busy}>
              {t('Continue')}
            </button>
            <button type="button" className={styles.link} onClick={() => switchTo('login')}>
              {t('Get a new code')}
            </button>
          </form>
        )}

        {notice && (
          <p className={styles.success} role="status">
            {t(notice)}
          </p>
        )}
        {error && (
          <p className={styles.error} role="alert">
            {t(error)}
          </p>
        )}
        {unactivated && (
          <button type="button" className={styles.link} onClick={resend} disabled={busy}>
            {t('Send the activation e-mail again')}
          </button>
        )}

        {mode !== 'code' && capabilities?.google_sign_in && (
          <a className={styles.secondary} href="/api/auth/google" style={{ textAlign: 'center', textDecoration: 'none' }}>
            {t('Continue with Google')}
          </a>
        )}
      </section>
    </div>
  );
}
