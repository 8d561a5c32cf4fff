import { formatDateTime } from '../../i18n/format';
import { errorMessage } from '../../app/error/describe-error';
import { useTranslation } from '../../i18n/i18n';
import type { Billing, LicenseView } from '@visualnotes/contracts';
import { useState, type FormEvent } from 'react';
import { useAddLicenseUserMutation, useRemoveDeviceMutation, useRemoveLicenseUserMutation, useResumeMutation, useUnsubscribeMutation } from './api';
import { useConfirm } from '../../components/Dialog/Dialog';
import { formatKey, licenseDay, PLAN_TEXT, statusClass } from './LicenseCards';
import { msg } from '../../i18n/msg';
import { Button } from '../../components/Button/Button';
import styles from './license.module.css';

/** One license: its facts, activated devices (removable) and users added by e-mail (owner only). */
export function LicensePanel({ license: l }: { license: LicenseView }) {
  const { t } = useTranslation();
  const [removeDevice, removing] = useRemoveDeviceMutation();
  const [addUser, adding] = useAddLicenseUserMutation();
  const [removeUser, removingUser] = useRemoveLicenseUserMutation();
  const [unsubscribe, unsubscribing] = useUnsubscribeMutation();
  const [resume, resuming] = useResumeMutation();
  const [email, setEmail] = useState('');
  const [billing, setBilling] = useState<Billing>(l.plan === 'monthly' ? 'monthly' : 'yearly');
  const [emailError, setEmailError] = useState<string | null>(null);
  const [confirm, confirmDialog] = useConfirm();
  // Publisher licenses are for the web only: no desktop devices to count or remove
  const hasDevices = l.max_devices > 0;

  async function askUnsubscribe() {
    const until = l.valid_until ? ` ${t('It stays active until {{date}} and is not renewed after that.', { date: licenseDay(l.valid_until) })}` : '';
    const message = `${t('Stop the subscription of {{name}}?', { name: l.name })}${until}`;
    if (await confirm({ title: t('Unsubscribe?'), message, action: t('Unsubscribe') })) void unsubscribe(l.id);
  }

  async function askRemoveDevice(device: LicenseView['devices'][number]) {
    const message = t('Remove {{device}} from {{name}}? The desktop app on it stops being activated and frees its place.', {
      device: device.name || t('this device'),
      name: l.name,
    });
    if (await confirm({ title: t('Remove device?'), message, action: t('Remove device') })) void removeDevice({ licenseId: l.id, deviceId: device.id });
  }

  async function askRemoveUser(email: string) {
    const message = t('{{email}} can no longer use {{name}}. You can add them again later.', { email, name: l.name });
    if (await confirm({ title: t('Remove user?'), message, action: t('Remove user') })) void removeUser({ licenseId: l.id, email });
  }

  async function submitUser(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      setEmailError(msg('an e-mail address is required'));
      return;
    }
    setEmailError(null);
    const res = await addUser({ licenseId: l.id, email: email.trim() });
    if ('data' in res) setEmail('');
  }

  const error = errorMessage(removing.error ?? adding.error ?? removingUser.error ?? unsubscribing.error ?? resuming.error);
  return (
    <section className={styles.panel} aria-label={t('License details')} data-testid="license-panel">
      <dl className={styles.facts}>
        <dt>{t('Name')}</dt>
        <dd>{l.name}</dd>
        <dt>ID</dt>
        <dd>{l.id}</dd>
        <dt>{t('License key')}</dt>
        <dd data-testid="license-key">{formatKey(l.key)}</dd>
        <dt>{t('Status')}</dt>
        <dd className={statusClass(l)} data-testid="license-status">
          {l.expired ? t('Expired') : t(l.status)}
        </dd>
        <dt>{t('Plan')}</dt>
        <dd>{t(PLAN_TEXT[l.plan] ?? l.plan)}</dd>
        <dt>{t('Valid')}</dt>
        <dd>
          {licenseDay(l.valid_from)} – {t(licenseDay(l.valid_until))}
        </dd>
        {hasDevices && (
          <>
            <dt>{t('Devices')}</dt>
            <dd data-testid="device-count">{t('{{used}} of {{max}} activated', { used: l.devices.length, max: l.max_devices })}</dd>
          </>
        )}
      </dl>

      {l.owner && l.plan !== 'lifetime' && (
        <div className={styles.form}>
          {l.status === 'Active' ? (
            <Button variant="danger-text" onClick={() => void askUnsubscribe()} disabled={unsubscribing.isLoading}>
              {t('Unsubscribe')}
            </Button>
          ) : (
            <>
              <select value={billing} onChange={(e) => setBilling(e.target.value as Billing)} aria-label={t('Resume billing')}>
                <option value="monthly">{t('Monthly')}</option>
                <option value="yearly">{t('Yearly')}</option>
              </select>
              <Button variant="primary" size="lg" onClick={() => resume({ licenseId: l.id, billing })} disabled={resuming.isLoading}>
                {t('Resume subscription')}
              </Button>
            </>
          )}
        </div>
      )}

      {hasDevices && (
        <div>
          <h3>{t('Activated devices')}</h3>
          {l.devices.length === 0 ? (
            <p className={styles.muted}>{t('No device is activated yet. Enter the license key in the desktop app.')}</p>
          ) : (
            <ul className={styles.list} data-testid="device-list">
              {l.devices.map((d) => (
                <li key={d.id} className={styles.row} data-testid="device">
                  <span>
                    <strong>{d.name || t('Unnamed device')}</strong> <span className={styles.muted}>{d.os}</span>
                    <br />
                    <span className={styles.muted}>{t('Activated {{date}}', { date: formatDateTime(d.activated_at) })}</span>
                  </span>
                  {d.removable && (
                    <Button variant="danger-text" disabled={removing.isLoading} onClick={() => void askRemoveDevice(d)}>
                      {t('Remove')}
                    </Button>
                  )}
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div>
        <h3>{t('Users')}</h3>
        {l.users.length === 0 ? (
          <p className={styles.muted}>{t('Only you use this license.')}</p>
        ) : (
          <ul className={styles.list} data-testid="user-list">
            {l.users.map((u) => (
              <li key={u.email} className={styles.row} data-testid="license-user">
                <span>{u.email}</span>
                {l.owner && (
                  <Button variant="danger-text" onClick={() => void askRemoveUser(u.email)}>
                    {t('Remove')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        )}
        {l.owner ? (
          <form className={styles.form} onSubmit={submitUser} noValidate>
            <input
              type="email"
              placeholder={t('E-mail address')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-label={t('User e-mail address')}
            />
            <Button type="submit" variant="primary" size="lg" busy={adding.isLoading}>
              {t('Add user')}
            </Button>
          </form>
        ) : (
          <p className={styles.muted}>{t('Shared with you by {{email}}.', { email: l.owner_email })}</p>
        )}
        {emailError && <p className={styles.error}>{t(emailError)}</p>}
      </div>
      {error && <p className={styles.error}>{t(error)}</p>}
      {confirmDialog}
    </section>
  );
}
