import { useState } from 'react';
import { errorMessage, useGetReferralQuery } from '../../../features/license/api';
import styles from '../license/license.module.css';

/** Account area, Invite section (invite panel): the link, a copy button, invited and unlocked state. */
export function InviteSection() {
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
      <h2 id="invite-title">Invite</h2>
      <p>Invite friends: when {data?.needed === 1 || !data ? 'a friend activates' : `${data.needed} friends activate`} an account, you unlock unlimited videos and AI summaries for free.</p>
      {isLoading && <p className={styles.muted}>Loading…</p>}
      {error && <p className={styles.error}>{errorMessage(error)}</p>}
      {data && (
        <div className={styles.panel} data-testid="invite-panel">
          <div className={styles.form}>
            <input readOnly value={data.link} aria-label="Your invite link" data-testid="invite-link" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className={styles.button} onClick={copy}>
              Copy link
            </button>
          </div>
          {copied === true && <p className={styles.success}>Link copied</p>}
          {copied === false && <p className={styles.error}>Could not copy; select the link and copy it by hand</p>}
          <dl className={styles.facts}>
            <dt>Invited</dt>
            <dd data-testid="invite-invited">{data.invited}</dd>
            <dt>Activated</dt>
            <dd data-testid="invite-activated">
              {data.activated} of {data.needed}
            </dd>
            <dt>Unlimited videos and AI summaries</dt>
            <dd data-testid="invite-unlocked" className={data.unlocked ? styles.status : styles.muted}>
              {data.unlocked ? 'Unlocked' : 'Locked'}
            </dd>
          </dl>
        </div>
      )}
    </section>
  );
}
