import type { LivePeer } from '@visualnotes/contracts';
import { useTranslation } from '../../../i18n/i18n';
import styles from '../canvas.module.css';
import type { LiveStatus } from '../live';

/** Who else has the project open (one entry per person), and whether changes are shared live. */
export function LivePeers({ status, peers, viewer }: { status: LiveStatus; peers: LivePeer[]; viewer: boolean }) {
  const { t } = useTranslation();
  const people = [...new Map(peers.map((p) => [p.user_id, p])).values()];
  const label = t(
    status === 'live' ? (viewer ? 'Live · view only' : 'Live') : status === 'connecting' ? 'Connecting…' : status === 'closed' ? 'Not shared' : 'Reconnecting…',
  );
  return (
    <div className={styles.peers} data-testid="live-peers" data-live-status={status} aria-live="polite">
      <span className={styles.liveState} data-status={status}>
        {label}
      </span>
      {people.length > 0 && (
        <ul aria-label={t('People here')}>
          {people.map((p) => (
            <li key={p.user_id} title={`${p.name} (${p.role})`} data-testid="live-peer" style={{ borderColor: p.color }}>
              <span aria-hidden="true" style={{ background: p.color }}>
                {(Array.from(p.name)[0] ?? '').toUpperCase()}
              </span>
              <span className={styles.peerName}>{p.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
