import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { loadSchemas } from '../forms/schemas';
import { useState, type FormEvent } from 'react';
import { useActivateLicenseMutation } from './api';
import { deviceFingerprint } from '../auth/fingerprint';
import { Button } from '../../components/Button/Button';
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
  // busy from the click on, before the checks wait for the schemas: a double click activates once
  const [checking, setChecking] = useState(false);
  const busy = checking || isLoading;

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    setChecking(true);
    reset();
    try {
      const body = { key, fingerprint: deviceFingerprint(), device: { name, os: browserOs() } };
      const schemas = await loadSchemas().catch((err: Error) => void setLocalError(err.message));
      if (!schemas) return;
      const parsed = schemas.activateLicenseSchema.safeParse(body);
      // malformed keys are caught here, before any request
      if (!parsed.success) return setLocalError(parsed.error.issues[0]?.message ?? 'Invalid request');
      setLocalError(null);
      await activate(body);
    } finally {
      setChecking(false);
    }
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
      <Button type="submit" variant="primary" size="lg" busy={busy}>
        {t('Activate')}
      </Button>
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
