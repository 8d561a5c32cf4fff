import { Button } from '../../../components/Button/Button';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../auth.module.css';
import { EmailField } from './EmailField';
import type { LoginFlow } from './useLoginFlow';

/** Asks for a password reset link. */
export function ForgotStep({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  return (
    <form className={styles.form} onSubmit={(e) => void flow.submitForgot(e)} aria-label={t('Forgot password')} noValidate>
      <h2>{t('Forgot password')}</h2>
      <EmailField flow={flow} />
      <Button variant="primary" size="xl" type="submit" busy={flow.state.busy}>
        {t('Send reset link')}
      </Button>
      <Button variant="link" onClick={() => flow.switchTo('login')}>
        {t('Back to log in')}
      </Button>
    </form>
  );
}
