import { Button } from '../../../components/Button/Button';
import { Field } from '../../../components/Field/Field';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../auth.module.css';
import { EmailField } from './EmailField';
import { NAME_MAX } from './login-form';
import type { LoginFlow } from './useLoginFlow';

/** Name, e-mail and a new password (what is wrong with it shown while typing). */
export function RegisterStep({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const { name, password, busy } = flow.state;
  const nameError = flow.fieldError('name');
  const passwordError = flow.fieldError('password');
  return (
    <form className={styles.form} onSubmit={flow.submitRegister} aria-label={t('Sign up')} noValidate>
      <Field label={t('Name')} error={nameError && t(nameError)}>
        <input name="name" autoComplete="name" required maxLength={NAME_MAX} value={name} onChange={flow.edit('name')} />
      </Field>
      <EmailField flow={flow} />
      <Field label={t('Password')} hint={flow.passwordHint && t(flow.passwordHint)} warn error={!flow.passwordHint && passwordError && t(passwordError)}>
        <input ref={flow.newPassword} name="password" type="password" autoComplete="new-password" required value={password} onChange={flow.edit('password')} />
      </Field>
      <Button variant="primary" size="xl" type="submit" busy={busy}>
        {t('Create account')}
      </Button>
    </form>
  );
}
