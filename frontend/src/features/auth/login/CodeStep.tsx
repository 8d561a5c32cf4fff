import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../auth.module.css';
import type { LoginFlow } from './useLoginFlow';

/** The security code mailed when someone logs in on a new device. */
export function CodeStep({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const error = flow.fieldError('code');
  return (
    <form className={styles.form} onSubmit={flow.submitCode} aria-label={t('Security code')}>
      <h2>{t('Security code')}</h2>
      <Field label={t('6-digit code')} error={error && t(error)}>
        <input
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          pattern="\d{6}"
          required
          value={flow.state.code}
          onChange={flow.edit('code')}
        />
      </Field>
      <Button variant="primary" size="xl" type="submit" busy={flow.state.busy}>
        {t('Continue')}
      </Button>
      <Button variant="link" onClick={() => flow.switchTo('login')}>
        {t('Get a new code')}
      </Button>
    </form>
  );
}
