import type { PublicUser } from '@visualnotes/contracts';
import { loadSchemas } from '../../../features/forms/schemas';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog } from '../../../components/Dialog/Dialog';
import { useAppDispatch } from '../../../app/store';
import { authActions } from '../../../features/auth/auth.slice';
import styles from '../../../features/auth/auth.module.css';
import { messageOf } from '../../../features/auth/errors';
import { authCall, clearSession, refreshSession } from '../../../features/auth/session';

function Form({ label, onSubmit, children, message }: { label: string; onSubmit: () => Promise<string | void>; children: ReactNode; message?: string }) {
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone((await onSubmit()) || message || null);
    } catch (err) {
      setError(err instanceof Error && !('statusCode' in err) ? err.message : messageOf(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label={label} noValidate>
      <h3 style={{ margin: 0 }}>{label}</h3>
      {children}
      <button className={label === 'Delete account' ? styles.danger : styles.button} type="submit" disabled={busy}>
        {label}
      </button>
      {done && (
        <p className={styles.success} role="status">
          {done}
        </p>
      )}
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
    </form>
  );
}

function check<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? 'Invalid request');
  return result.data;
}

/** Profile modal: name, e-mail change, logout everywhere, account deletion. */
export function ProfileModal({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const dispatch = useAppDispatch();
  const [name, setName] = useState(user.name);
  const [newEmail, setNewEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [allPassword, setAllPassword] = useState('');
  const [delEmail, setDelEmail] = useState('');
  const [delPassword, setDelPassword] = useState('');

  return (
    <Dialog
      title="Profile"
      onClose={onClose}
      className={styles.modal}
      titleExtra={
        <button type="button" className={styles.link} onClick={onClose} aria-label="Close">
          ✕
        </button>
      }
    >
        <Form
          label="Save name"
          message="Your name is saved."
          onSubmit={async () => {
            const { nameSchema } = await loadSchemas();
            const valid = check(nameSchema.safeParse(name));
            const res = await authCall<{ user: PublicUser }>('PATCH', '/auth/profile', { name: valid });
            dispatch(authActions.setUser(res.user));
            await refreshSession(); // the next token carries the new name
          }}
        >
          <label>
            Name
            <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
          </label>
        </Form>

        <Form
          label="Change e-mail"
          onSubmit={async () => {
            const { changeEmailSchema } = await loadSchemas();
            const body = check(changeEmailSchema.safeParse({ email: newEmail, password: emailPassword }));
            await authCall('PUT', '/auth/email', body);
            setEmailPassword('');
            return `We sent a confirmation link to ${body.email}. Your e-mail changes when you open it.`;
          }}
        >
          <label>
            New e-mail
            <input type="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} autoComplete="email" />
          </label>
          <label>
            Password
            <input type="password" value={emailPassword} onChange={(e) => setEmailPassword(e.target.value)} autoComplete="current-password" />
          </label>
        </Form>

        <Form
          label="Log out everywhere"
          onSubmit={async () => {
            await authCall('POST', '/auth/logout-all', { password: allPassword });
            clearSession();
          }}
        >
          <label>
            Password
            <input type="password" value={allPassword} onChange={(e) => setAllPassword(e.target.value)} autoComplete="current-password" />
          </label>
        </Form>

        <Form
          label="Delete account"
          onSubmit={async () => {
            if (!window.confirm('Delete your account for good? This cannot be undone.')) return 'Nothing was deleted.';
            await authCall('DELETE', '/auth/account', { email: delEmail, password: delPassword });
            clearSession();
          }}
        >
          <ul className={styles.warning}>
            <li>Your licenses will be revoked.</li>
            <li>Your publish subscriptions will be terminated.</li>
            <li>Payments will not be refunded.</li>
            <li>This is irreversible.</li>
          </ul>
          <label>
            Account e-mail
            <input type="email" value={delEmail} onChange={(e) => setDelEmail(e.target.value)} autoComplete="off" />
          </label>
          <label>
            Password
            <input type="password" value={delPassword} onChange={(e) => setDelPassword(e.target.value)} autoComplete="current-password" />
          </label>
        </Form>
    </Dialog>
  );
}
