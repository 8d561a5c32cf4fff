import type { LicenseView } from '@visualnotes/contracts';
import styles from './license.module.css';

export function statusClass(l: LicenseView) {
  if (l.expired) return `${styles.status} ${styles.expired}`;
  return l.status === 'Active' ? styles.status : `${styles.status} ${styles.canceled}`;
}

export function formatKey(key: string) {
  return key.replace(/(\d{4})(?=\d)/g, '$1-');
}

export function formatDate(iso: string | null) {
  return iso ? new Date(iso).toLocaleDateString() : 'Lifetime';
}

/** The license cards (desktop, premium): one per license; choosing one opens its panel. */
export function LicenseCards({ licenses, selected, onSelect }: { licenses: LicenseView[]; selected?: string; onSelect: (id: string) => void }) {
  return (
    <div className={styles.cards}>
      {licenses.map((l) => (
        <button key={l.id} type="button" className={styles.card} aria-pressed={l.id === selected} onClick={() => onSelect(l.id)} data-testid="license-card">
          <span className={styles.kind}>{l.product === 'desktop' ? 'Desktop' : l.product === 'premium' ? 'Premium' : 'Publisher'}</span>
          <strong>{l.name}</strong>
          <span className={statusClass(l)}>{l.expired ? 'Expired' : l.status}</span>
          <span className={styles.muted}>
            {l.max_devices > 0 && `${l.devices.length} / ${l.max_devices} devices · `}
            {l.plan} · {l.expired ? 'ended' : 'until'} {formatDate(l.valid_until)}
          </span>
        </button>
      ))}
    </div>
  );
}
