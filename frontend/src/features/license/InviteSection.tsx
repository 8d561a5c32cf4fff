import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { useState } from 'react';
import { useGetReferralQuery } from './api';
import { Button } from '../../components/Button/Button';
import styles from './license.module.css';

/** Account area, Invite section (invite panel): the link, a copy button, invited and unlocked state. */
export function InviteSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useGetReferralQuery(undefined, { refetchOnMountOrArgChange: true });
  const [copied, setCopied] = useState<boolean | null>(null);

  async function copy() {
    if (!data) return;
    try {
      await navigator.clipboard.writeText(data.link);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <section className={styles.section} id="invite" aria-labelledby="invite-title" data-testid="invite-section">
      <h2 id="invite-title">{t('Invite')}</h2>
      <p>
        {data?.needed === 1 || !data
          ? t('Invite friends: when a friend activates an account, you unlock unlimited videos and AI summaries for free.')
          : t('Invite friends: when {{count}} friends activate an account, you unlock unlimited videos and AI summaries for free.', { count: data.needed })}
      </p>
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {data && (
        <div className={styles.panel} data-testid="invite-panel">
          <div className={styles.form}>
            <input readOnly value={data.link} aria-label={t('Your invite link')} data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
            <Button variant="primary" size="lg" onClick={copy}>
              {t('Copy link')}
            </Button>
          </div>
          {copied === true && <p className={styles.success}>{t('Link copied')}</p>}
          {copied === false && <p className={styles.error}>{t('Could not copy; select the link and copy it by hand')}</p>}
          <dl className={styles.facts}>
            <dt>{t('Invited')}</dt>
            <dd data-testid="invite-invited">{data.invited}</dd>
            <dt>{t('Activated')}</dt>
            <dd data-testid="invite-activated">{t('{{used}} of {{max}}', { used: data.activated, max: data.needed })}</dd>
            <dt>{t('Unlimited videos and AI summaries')}</dt>
            <dd data-testid="invite-unlocked" className={data.unlocked ? styles.status : styles.muted}>
              {data.unlocked ? t('Unlocked') : t('Locked')}
            </dd>
          </dl>
        </div>
      )}
    </section>
  );
}
