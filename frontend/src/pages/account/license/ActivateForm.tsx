import { useTranslation } from '../../../i18n/i18n';
import { errorMessage } from '../../../app/error/describe-error';
import { loadSchemas } from '../../../features/forms/schemas';
import { useState, type FormEvent } from 'react';
import { useActivateLicenseMutation } from '../../../features/license/api';
import { deviceFingerprint } from '../../../features/license/referral';
import styles from './license.module.css';

function browserOs(): string {
  const ua = navigator.userAgent;
  if (/Windows/i.test(ua)) return 'Windows';
  if (/Mac OS X/i.test(ua)) return 'macOS';
  if (/Android/i.test(ua)) return 'Android';
  if (/iPhone|iPad/i.test(ua)) return 'iOS';
  if (/Linux/i.test(ua)) return 'Linux';
  return '';
}

/** Activates this device with a key (what the desktop app does through the same API). */
export function ActivateForm() {
  const { t } = useTranslation();
  const [key, setKey] = useState('');
  const [name, setName] = useState(() => t('This computer'));
  const [localError, setLocalError] = useState<string | null>(null);
  const [activate, { isLoading, error, data, reset }] = useActivateLicenseMutation();

  async function submit(e: FormEvent) {
    e.preventDefault();
    reset();
    const body = { key, fingerprint: deviceFingerprint(), device: { name, os: browserOs() } };
    const schemas = await loadSchemas().catch((err: Error) => void setLocalError(err.message));
    if (!schemas) return;
    const { activateLicenseSchema } = schemas;
    const parsed = activateLicenseSchema.safeParse(body);
    if (!parsed.success) {
      // malformed keys are caught here, before any request
      setLocalError(parsed.error.issues[0]?.message ?? 'Invalid request');
      return;
    }
    setLocalError(null);
    await activate(body);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label={t('Activate a device')}>
      <input
        inputMode="numeric"
        autoComplete="off"
        placeholder={t('16-digit license key')}
        value={key}
        onChange={(e) => setKey(e.target.value)}
        aria-label={t('License key')}
      />
      <input placeholder={t('Device name')} maxLength={100} value={name} onChange={(e) => setName(e.target.value)} aria-label={t('Device name')} />
      <button type="submit" className={styles.button} disabled={isLoading}>
        {t('Activate')}
      </button>
      {(localError || error) && (
        <p className={styles.error} role="alert" style={{ flexBasis: '100%' }}>
          {t(localError ?? errorMessage(error) ?? '')}
        </p>
      )}
      {data && (
        <p className={styles.success} role="status" style={{ flexBasis: '100%' }}>
          {t('{{device}} is activated on {{name}}.', { device: data.device.name || t('This device'), name: data.license.name })}
        </p>
      )}
    </form>
  );
}
