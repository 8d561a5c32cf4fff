import { useTranslation } from '../../i18n/i18n';
import { Messages, type PublicUser } from '@visualnotes/contracts';
import { loadSchemas } from '../forms/schemas';
import { useState, type FormEvent, type ReactNode } from 'react';
import { Dialog, useConfirm } from '../../components/Dialog/Dialog';
import { msg } from '../../i18n/msg';
import { useAppDispatch } from '../../app/store';
import { authActions } from '../auth/auth.slice';
import { Button } from '../../components/Button/Button';
import styles from '../auth/auth.module.css';
import { runApi } from '../../app/api/api';
import { errorMessage } from '../../app/error/describe-error';
import { authApi } from '../auth/api';
import { clearSession, refreshSession } from '../auth/session';

interface FormProps {
  label: string;
  onSubmit: () => Promise<string | void>;
  children: ReactNode;
  message?: string;
  danger?: boolean;
  /** Whether this form was the last one sent: only its answer is shown. */
  current: boolean;
  onStart: () => void;
}

function Form({ label, onSubmit, children, message, danger, current, onStart }: FormProps) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    onStart();
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      setDone((await onSubmit()) || message || null);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className={styles.form} onSubmit={submit} aria-label={label} noValidate>
      <h3 style={{ margin: 0 }}>{label}</h3>
      {children}
      <Button variant={danger ? 'danger' : 'primary'} size="xl" type="submit" busy={busy}>
        {label}
      </Button>
      {current && done && (
        <p className={styles.success} role="status">
          {t(done)}
        </p>
      )}
      {current && error && (
        <p className={styles.error} role="alert">
          {t(error)}
        </p>
      )}
    </form>
  );
}

function check<T>(result: { success: true; data: T } | { success: false; error: { issues: { message: string }[] } }): T {
  if (!result.success) throw new Error(result.error.issues[0]?.message ?? msg('Invalid request'));
  return result.data;
}

/** Profile modal: name, e-mail change, logout everywhere, account deletion. */
export function ProfileModal({ user, onClose }: { user: PublicUser; onClose: () => void }) {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const dispatch = useAppDispatch();
  const [name, setName] = useState(user.name);
  // one answer at a time: a form's message goes once another form is sent
  const [lastSent, setLastSent] = useState<string | null>(null);
  const [newEmail, setNewEmail] = useState('');
  const [emailPassword, setEmailPassword] = useState('');
  const [allPassword, setAllPassword] = useState('');
  const [delEmail, setDelEmail] = useState('');
  const [delPassword, setDelPassword] = useState('');

  return (
    <Dialog
      title={t('Profile')}
      onClose={onClose}
      className={styles.modal}
      titleExtra={
        <Button variant="link" onClick={onClose} aria-label={t('Close')}>
          ✕
        </Button>
      }
    >
      <Form
        label={t('Save name')}
        current={lastSent === 'Save name'}
        onStart={() => setLastSent('Save name')}
        message={t('Your name is saved.')}
        onSubmit={async () => {
          const { nameSchema } = await loadSchemas();
          const valid = check(nameSchema.safeParse(name));
          const res = await runApi(authApi.endpoints.updateProfile.initiate({ name: valid }));
          dispatch(authActions.setUser(res.user));
          await refreshSession(); // the next token carries the new name
        }}
      >
        <label>
          {t('Name')}
          <input value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" />
        </label>
      </Form>

      <Form
        label={t('Change e-mail')}
        current={lastSent === 'Change e-mail'}
        onStart={() => setLastSent('Change e-mail')}
        onSubmit={async () => {
          const { changeEmailSchema } = await loadSchemas();
          const body = check(changeEmailSchema.safeParse({ email: newEmail, password: emailPassword }));
          await runApi(authApi.endpoints.changeEmail.initiate(body));
          setEmailPassword('');
          return t('We sent a confirmation link to {{email}}. Your e-mail changes when you open it.', { email: body.email });
        }}
      >
        <label>
          {t('New e-mail')}
          <input type="email" value={newEmail} onChange={(e) => setNewEmail(e.target.value)} autoComplete="email" />
        </label>
        <label>
          {t('Password')}
          <input type="password" value={emailPassword} onChange={(e) => setEmailPassword(e.target.value)} autoComplete="current-password" />
        </label>
      </Form>

      <Form
        label={t('Log out everywhere')}
        current={lastSent === 'Log out everywhere'}
        onStart={() => setLastSent('Log out everywhere')}
        onSubmit={async () => {
          await runApi(authApi.endpoints.logoutEverywhere.initiate({ password: allPassword }));
          clearSession('everywhere');
        }}
      >
        <label>
          {t('Password')}
          <input type="password" value={allPassword} onChange={(e) => setAllPassword(e.target.value)} autoComplete="current-password" />
        </label>
      </Form>

      <Form
        label={t('Delete account')}
        current={lastSent === 'Delete account'}
        onStart={() => setLastSent('Delete account')}
        danger
        onSubmit={async () => {
          // the fields are checked before asking "are you sure", not after the user said yes
          if (!delEmail.trim()) throw new Error(msg('Enter your account e-mail to confirm'));
          if (delEmail.trim().toLowerCase() !== user.email.toLowerCase()) throw new Error(Messages.emailMismatch);
          if (!delPassword) throw new Error(Messages.passwordIncorrect);
          const sure = await confirm({
            title: t('Delete your account?'),
            message: t('Delete your account for good? This cannot be undone.'),
            action: t('Delete account'),
          });
          if (!sure) return t('Nothing was deleted.');
          await runApi(authApi.endpoints.deleteAccount.initiate({ email: delEmail, password: delPassword }));
          clearSession('deleted');
        }}
      >
        <ul className={styles.warning}>
          <li>{t('Your licenses will be revoked.')}</li>
          <li>{t('Your publish subscriptions will be terminated.')}</li>
          <li>{t('Payments will not be refunded.')}</li>
          <li>{t('This is irreversible.')}</li>
        </ul>
        <label>
          {t('Account e-mail')}
          <input type="email" value={delEmail} onChange={(e) => setDelEmail(e.target.value)} autoComplete="off" />
        </label>
        <label>
          {t('Password')}
          <input type="password" value={delPassword} onChange={(e) => setDelPassword(e.target.value)} autoComplete="current-password" />
        </label>
      </Form>
      {confirmDialog}
    </Dialog>
  );
}
