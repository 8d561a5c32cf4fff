import { useCapabilitiesQuery } from '../../../app/api/capabilities';
import { Button, buttonClass } from '../../../components/Button/Button';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../auth.module.css';
import { GoogleSignInLink, SignInIgnoredNotice } from '../google-sign-in';
import { CodeStep } from './CodeStep';
import { ForgotStep } from './ForgotStep';
import { LoginStep } from './LoginStep';
import { RegisterStep } from './RegisterStep';
import { SignedOutNotice } from './SignedOutNotice';
import { useLoginFlow } from './useLoginFlow';

/** Log in, register, forgot password, the new-device code step, Google: one step at a time. */
export function SignInCard() {
  const { t } = useTranslation();
  const flow = useLoginFlow();
  const { mode, error, errorField, notice, busy, unactivated } = flow.state;
  // the Google button only where Google sign-in is set up (unknown until the answer: hidden)
  const { data: capabilities } = useCapabilitiesQuery();
  return (
    <section className={styles.card}>
      <SignedOutNotice />
      {mode !== 'code' && (
        <div className={styles.tabs} role="tablist">
          <button type="button" role="tab" className={styles.tab} aria-selected={mode === 'login'} onClick={() => flow.switchTo('login')}>
            {t('Log in')}
          </button>
          <button type="button" role="tab" className={styles.tab} aria-selected={mode === 'register'} onClick={() => flow.switchTo('register')}>
            {t('Sign up')}
          </button>
        </div>
      )}
      {mode === 'login' && <LoginStep flow={flow} />}
      {mode === 'register' && <RegisterStep flow={flow} />}
      {mode === 'forgot' && <ForgotStep flow={flow} />}
      {mode === 'code' && <CodeStep flow={flow} />}
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
        <Button variant="link" onClick={flow.resend} busy={busy}>
          {t('Send the activation e-mail again')}
        </Button>
      )}
      {mode !== 'code' && capabilities?.google_sign_in && <GoogleSignInLink className={buttonClass('outline', 'xl')} />}
    </section>
  );
}
