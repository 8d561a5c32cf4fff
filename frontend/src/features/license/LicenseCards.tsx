import { formatDate } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import type { LicenseView } from '@visualnotes/contracts';
import styles from './license.module.css';
import { msg } from '../../i18n/msg';

/** How a license's plan reads. */
export const PLAN_TEXT: Record<string, string> = { monthly: msg('Monthly'), yearly: msg('Yearly'), lifetime: msg('Lifetime') };

export function statusClass(l: LicenseView) {
  if (l.expired) return `${styles.status} ${styles.expired}`;
  return l.status === 'Active' ? styles.status : `${styles.status} ${styles.canceled}`;
}

export function formatKey(key: string) {
  return key.replace(/(\d{4})(?=\d)/g, '$1-');
}

/** A license's day, or "Lifetime" when it has none. */
export function licenseDay(iso: string | null) {
  return iso ? formatDate(iso) : msg('Lifetime');
}

/** The license cards (desktop, premium): one per license; choosing one opens its panel. */
export function LicenseCards({ licenses, selected, onSelect }: { licenses: LicenseView[]; selected?: string; onSelect: (id: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.cards}>
      {licenses.map((l) => (
        <button key={l.id} type="button" className={styles.card} aria-pressed={l.id === selected} onClick={() => onSelect(l.id)} data-testid="license-card">
          <span className={styles.kind}>{l.product === 'desktop' ? t('Desktop') : l.product === 'premium' ? 'Premium' : 'Publisher'}</span>
          <strong>{l.name}</strong>
          <span className={statusClass(l)}>{l.expired ? t('Expired') : t(l.status)}</span>
          <span className={styles.muted}>
            {l.max_devices > 0 && `${t('{{used}} / {{max}} devices', { used: l.devices.length, max: l.max_devices })} · `}
            {t(PLAN_TEXT[l.plan] ?? l.plan)} ·{' '}
            {l.valid_until ? t(l.expired ? 'ended {{date}}' : 'until {{date}}', { date: licenseDay(l.valid_until) }) : t(licenseDay(l.valid_until))}
          </span>
        </button>
      ))}
    </div>
  );
}
