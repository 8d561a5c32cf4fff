import { dateLocale } from '../../../i18n/i18n';
import { useTranslation } from '../../../i18n/i18n';
import { useState } from 'react';
import styles from '../../../features/auth/auth.module.css';
import { logout } from '../../../features/auth/session';
import { useAuth } from '../../../features/auth/useAuth';
import { ProfileModal } from './ProfileModal';

/** The Account section: who is signed in, the profile modal and logout. */
export function AccountPanel() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  if (!user) return null;
  return (
    <section className={styles.card} id="account" data-testid="account-panel" aria-labelledby="account-heading">
      <div className={styles.row}>
        <h2 id="account-heading">{t('Account')}</h2>
        <div className={styles.row}>
          <button type="button" className={styles.secondary} onClick={() => setOpen(true)}>
            {t('Profile')}
          </button>
          <button type="button" className={styles.button} onClick={() => void logout()}>
            {t('Log out')}
          </button>
        </div>
      </div>
      <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', gap: '6px 16px' }}>
        <dt>{t('Name')}</dt>
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="account-name">
          {user.name}
        </dd>
        <dt>{t('E-mail')}</dt>
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }} data-testid="account-email">
          {/* a narrow screen breaks the address before its "@", not inside a word */}
          {user.email.split('@')[0]}
          <wbr />@{user.email.split('@').slice(1).join('@')}
        </dd>
        <dt>{t('Member since')}</dt>
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{new Date(user.created_at).toLocaleDateString(dateLocale())}</dd>
      </dl>
      {open && <ProfileModal user={user} onClose={() => setOpen(false)} />}
    </section>
  );
}
