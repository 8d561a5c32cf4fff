import { Messages } from '@visualnotes/contracts';
import { useTranslation } from '../../i18n/i18n';
import { loadSchemas } from '../../features/forms/schemas';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { AppLink } from '../../components/AppLink/AppLink';
import { Button, buttonClass } from '../../components/Button/Button';
import styles from '../../features/auth/auth.module.css';
import { runApi } from '../../app/api/api';
import { errorMessage } from '../../app/error/describe-error';
import { authApi } from '../../features/auth/api';

/** `/account/reset?token=...`: choose a new password from the mailed link. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  // opened without the mail's token (typed by hand, a cut link): no form that can only fail
  const [error, setError] = useState<string | null>(token ? null : Messages.resetLinkMissing);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    // busy from the click on, before the checks wait for the schemas: a double click sends one request
    setBusy(true);
    setError(null);
    try {
      const schemas = await loadSchemas().catch((err: Error) => void setError(err.message));
      if (!schemas) return;
      const parsed = schemas.passwordSchema.safeParse(password);
      if (!parsed.success) return setError(parsed.error.issues[0]?.message ?? 'Invalid request');
      await runApi(authApi.endpoints.resetPassword.initiate({ token, password }));
      setDone(true);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className={styles.page}>
      <section className={styles.card}>
        <h1>{t('Reset password')}</h1>
        {done ? (
          <>
            <p className={styles.success} role="status">
              {t('Your password is changed. Every session was logged out.')}
            </p>
            <AppLink to="/account/login">{t('Log in')}</AppLink>
          </>
        ) : (
          token && (
            <form className={styles.form} onSubmit={submit} noValidate>
              <label>
                {t('New password')}
                <input type="password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
              </label>
              <Button variant="primary" size="xl" type="submit" busy={busy}>
                {t('Set new password')}
              </Button>
            </form>
          )
        )}
        {error && (
          <p className={styles.error} role="alert">
            {t(error)}
          </p>
        )}
        {(error === Messages.resetLinkMissing || error === Messages.linkInvalid) && (
          <AppLink to="/account/login?forgot=1" className={buttonClass('primary', 'xl')}>
            {t('Request a new link')}
          </AppLink>
        )}
      </section>
    </div>
  );
}
