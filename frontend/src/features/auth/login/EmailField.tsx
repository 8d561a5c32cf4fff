import { Field } from '../../../components/Field/Field';
import { useTranslation } from '../../../i18n/i18n';
import type { LoginFlow } from './useLoginFlow';

/** One e-mail field, shown by whichever of the log-in, sign-up and forgot-password forms is open. */
export function EmailField({ flow }: { flow: LoginFlow }) {
  const { t } = useTranslation();
  const error = flow.fieldError('email');
  return (
    <Field label={t('E-mail')} error={error && t(error)}>
      <input name="email" type="email" autoComplete="email" required value={flow.state.email} onChange={flow.edit('email')} />
    </Field>
  );
}
