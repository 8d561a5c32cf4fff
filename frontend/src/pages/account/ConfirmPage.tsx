import { useTranslation } from '../../i18n/i18n';
import { useEffect, useRef, useState } from 'react';
import { Messages } from '@visualnotes/contracts';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { buttonClass } from '../../components/Button/Button';
import styles from '../../features/auth/auth.module.css';
import { runApi } from '../../app/api/api';
import { errorMessage } from '../../app/error/describe-error';
import { authApi } from '../../features/auth/api';
import { fetchUser, refreshSession } from '../../features/auth/session';
import { readToken } from '../../app/api/tokens';

/** `/user/confirm?token=...`: account activation (or a new e-mail address with `kind=email`). */
export function ConfirmPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const isEmail = params.get('kind') === 'email';
  const [state, setState] = useState<'pending' | 'done' | 'failed'>('pending');
  const [error, setError] = useState('');
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    // Opened without the link's token (e.g. typed by hand): nothing to check, say what to do.
    if (!token) {
      setError(Messages.confirmLinkMissing);
      setState('failed');
      return;
    }
    runApi(authApi.endpoints.confirmLink.initiate({ token, kind: isEmail ? 'email' : 'account' }))
      // signed in here: a new token (its claims carry the new address) and the user read again
      .then(async () => {
        if (isEmail && readToken() && (await refreshSession())) await fetchUser();
      })
      .then(() => setState('done'))
      .catch((err) => {
        setError(errorMessage(err) ?? '');
        setState('failed');
      });
  }, [token, isEmail]);

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{isEmail ? t('Confirm your e-mail') : t('Confirm your account')}</h1>
        {state === 'pending' && <p role="status">{t('Checking your link…')}</p>}
        {state === 'done' && (
          <>
            <p className={styles.success} role="status">
              {isEmail ? t('Your e-mail address is changed.') : t('Your account is activated. You can log in now.')}
            </p>
            <AppLink to="/account/login" className={buttonClass('primary', 'xl')}>
              {t('Log in')}
            </AppLink>
          </>
        )}
        {state === 'failed' && (
          <>
            <p className={styles.error} role="alert">
              {t(error)}
            </p>
            <AppLink to="/account/login" className={buttonClass('primary', 'xl')}>
              {t('Go to log in')}
            </AppLink>
          </>
        )}
      </section>
    </div>
  );
}
