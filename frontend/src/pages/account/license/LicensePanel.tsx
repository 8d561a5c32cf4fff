import type { Billing, LicenseView } from '@visualnotes/contracts';
import { useState, type FormEvent } from 'react';
import {
  errorMessage,
  useAddLicenseUserMutation,
  useRemoveDeviceMutation,
  useRemoveLicenseUserMutation,
  useResumeMutation,
  useUnsubscribeMutation,
} from '../../../features/license/api';
import { useConfirm } from '../../../components/Dialog/Dialog';
import { formatDate, formatKey, statusClass } from './LicenseCards';
import styles from './license.module.css';

/** One license: its facts, activated devices (removable) and users added by e-mail (owner only). */
export function LicensePanel({ license: l }: { license: LicenseView }) {
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
    const until = l.valid_until ? ` It stays active until ${formatDate(l.valid_until)} and is not renewed after that.` : '';
    if (await confirm({ title: 'Unsubscribe?', message: `Stop the subscription of ${l.name}?${until}`, action: 'Unsubscribe' })) void unsubscribe(l.id);
  }

  async function askRemoveDevice(device: LicenseView['devices'][number]) {
    const message = `Remove ${device.name || 'this device'} from ${l.name}? The desktop app on it stops being activated and frees its place.`;
    if (await confirm({ title: 'Remove device?', message, action: 'Remove device' })) void removeDevice({ licenseId: l.id, deviceId: device.id });
  }

  async function submitUser(e: FormEvent) {
    e.preventDefault();
    if (!email.trim()) {
      setEmailError('an e-mail address is required');
      return;
    }
    setEmailError(null);
    const res = await addUser({ licenseId: l.id, email: email.trim() });
    if ('data' in res) setEmail('');
  }

  const error = errorMessage(removing.error ?? adding.error ?? removingUser.error ?? unsubscribing.error ?? resuming.error);
  return (
    <section className={styles.panel} aria-label="License details" data-testid="license-panel">
      <dl className={styles.facts}>
        <dt>Name</dt>
        <dd>{l.name}</dd>
        <dt>ID</dt>
        <dd>{l.id}</dd>
        <dt>License key</dt>
        <dd data-testid="license-key">{formatKey(l.key)}</dd>
        <dt>Status</dt>
        <dd className={statusClass(l)} data-testid="license-status">
          {l.expired ? 'Expired' : l.status}
        </dd>
        <dt>Plan</dt>
        <dd>{l.plan}</dd>
        <dt>Valid</dt>
        <dd>
          {formatDate(l.valid_from)} – {formatDate(l.valid_until)}
        </dd>
        {hasDevices && (
          <>
            <dt>Devices</dt>
            <dd data-testid="device-count">
              {l.devices.length} of {l.max_devices} activated
            </dd>
          </>
        )}
      </dl>

      {l.owner && l.plan !== 'lifetime' && (
        <div className={styles.form}>
          {l.status === 'Active' ? (
            <button type="button" className={`${styles.secondary} ${styles.danger}`} onClick={() => void askUnsubscribe()} disabled={unsubscribing.isLoading}>
              Unsubscribe
            </button>
          ) : (
            <>
              <select value={billing} onChange={(e) => setBilling(e.target.value as Billing)} aria-label="Resume billing">
                <option value="monthly">Monthly</option>
                <option value="yearly">Yearly</option>
              </select>
              <button type="button" className={styles.button} onClick={() => resume({ licenseId: l.id, billing })} disabled={resuming.isLoading}>
                Resume subscription
              </button>
            </>
          )}
        </div>
      )}

      {hasDevices && (
        <div>
          <h3>Activated devices</h3>
          {l.devices.length === 0 ? (
            <p className={styles.muted}>No device is activated yet. Enter the license key in the desktop app.</p>
          ) : (
            <ul className={styles.list} data-testid="device-list">
              {l.devices.map((d) => (
                <li key={d.id} className={styles.row} data-testid="device">
                  <span>
                    <strong>{d.name || 'Unnamed device'}</strong> <span className={styles.muted}>{d.os}</span>
                    <br />
                    <span className={styles.muted}>Activated {new Date(d.activated_at).toLocaleString()}</span>
                  </span>
                  <button
                    type="button"
                    className={`${styles.secondary} ${styles.danger}`}
                    disabled={removing.isLoading}
                    onClick={() => void askRemoveDevice(d)}
                  >
                    Remove
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}

      <div>
        <h3>Users</h3>
        {l.users.length === 0 ? (
          <p className={styles.muted}>Only you use this license.</p>
        ) : (
          <ul className={styles.list} data-testid="user-list">
            {l.users.map((u) => (
              <li key={u.email} className={styles.row} data-testid="license-user">
                <span>{u.email}</span>
                {l.owner && (
                  <button type="button" className={`${styles.secondary} ${styles.danger}`} onClick={() => removeUser({ licenseId: l.id, email: u.email })}>
                    Delete
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
        {l.owner ? (
          <form className={styles.form} onSubmit={submitUser} noValidate>
            <input type="email" placeholder="E-mail address" value={email} onChange={(e) => setEmail(e.target.value)} aria-label="User e-mail address" />
            <button type="submit" className={styles.button} disabled={adding.isLoading}>
              Add user
            </button>
          </form>
        ) : (
          <p className={styles.muted}>Shared with you by {l.owner_email}.</p>
        )}
        {emailError && <p className={styles.error}>{emailError}</p>}
      </div>
      {error && <p className={styles.error}>{error}</p>}
      {confirmDialog}
    </section>
  );
}
