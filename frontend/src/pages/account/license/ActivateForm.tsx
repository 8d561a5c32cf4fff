import { loadSchemas } from '../../../features/forms/schemas';
import { useState, type FormEvent } from 'react';
import { errorMessage, useActivateLicenseMutation } from '../../../features/license/api';
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
  const [key, setKey] = useState('');
  const [name, setName] = useState('This computer');
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
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Activate a device">
      <input
        inputMode="numeric"
        autoComplete="off"
        placeholder="16-digit license key"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        aria-label="License key"
      />
      <input placeholder="Device name" value={name} onChange={(e) => setName(e.target.value)} aria-label="Device name" />
      <button type="submit" className={styles.button} disabled={isLoading}>
        Activate
      </button>
      {(localError || error) && (
        <p className={styles.error} role="alert" style={{ flexBasis: '100%' }}>
          {localError ?? errorMessage(error)}
        </p>
      )}
      {data && (
        <p className={styles.success} role="status" style={{ flexBasis: '100%' }}>
          {data.device.name || 'This device'} is activated on {data.license.name}.
        </p>
      )}
    </form>
  );
}
