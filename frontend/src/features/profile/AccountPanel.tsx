import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { useState } from 'react';
import { Button } from '../../components/Button/Button';
import styles from '../auth/auth.module.css';
import { logout } from '../auth/session';
import { useAuth } from '../auth/useAuth';
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
          <Button variant="outline" size="xl" onClick={() => setOpen(true)}>
            {t('Profile')}
          </Button>
          <Button variant="primary" size="xl" onClick={() => void logout()}>
            {t('Log out')}
          </Button>
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
        <dd style={{ margin: 0, overflowWrap: 'anywhere' }}>{formatDate(user.created_at)}</dd>
      </dl>
      {open && <ProfileModal user={user} onClose={() => setOpen(false)} />}
    </section>
  );
}
