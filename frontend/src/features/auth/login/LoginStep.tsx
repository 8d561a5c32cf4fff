import { Button } from '../../../components/Button/Button';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../auth.module.css';
import { EmailField } from './EmailField';
import type { LoginFlow } from './useLoginFlow';

/** E-mail and password. */
export function LoginStep({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const { password, busy } = flow.state;
  return (
    <form className={styles.form} onSubmit={flow.submitLogin} aria-label={t('Log in')}>
      <EmailField flow={flow} />
      <label>
        {t('Password')}
        <input name="password" type="password" autoComplete="current-password" required value={password} onChange={flow.edit('password')} />
      </label>
      <Button variant="primary" size="xl" type="submit" busy={busy}>
        {t('Log in')}
      </Button>
      <Button variant="link" onClick={() => flow.switchTo('forgot')}>
        {t('Forgot password?')}
      </Button>
    </form>
  );
}
