import { useTranslation } from '../../i18n/i18n';
import { formatDate, formatNumber } from '../../i18n/format';
import type { PublicationStatistics } from '@visualnotes/contracts';
import styles from './canvas.module.css';

/** Views, unique visitors, views by day as a bar chart, and the top referrers. */
export function StatisticsView({ stats }: { stats: PublicationStatistics }) {
  const { t } = useTranslation();
  const max = Math.max(1, ...stats.by_day.map((d) => d.views));
  const w = 100 / Math.max(1, stats.by_day.length);
  return (
    <div data-testid="statistics" style={{ display: 'grid', gap: 16 }}>
      <div className={styles.numbers}>
        <div>
          <strong data-testid="stat-views">{formatNumber(stats.views)}</strong> {stats.views === 1 ? t('view') : t('views')}
        </div>
        <div>
          <strong data-testid="stat-visitors">{formatNumber(stats.visitors)}</strong> {stats.visitors === 1 ? t('unique visitor') : t('unique visitors')}
        </div>
      </div>
      <svg className={styles.chart} viewBox="0 0 100 40" preserveAspectRatio="none" role="img" aria-label={t('Views by day')}>
        {stats.by_day.map((d, i) => (
          <rect key={d.date} x={i * w + w * 0.1} width={w * 0.8} y={40 - (d.views / max) * 38} height={(d.views / max) * 38}>
            <title>
              {t('{{date}}: {{views}} views, {{visitors}} visitors', {
                date: formatDate(d.date, { timeZone: 'UTC' }),
                views: formatNumber(d.views),
                visitors: formatNumber(d.visitors),
              })}
            </title>
          </rect>
        ))}
      </svg>
      <div className={styles.row} style={{ justifyContent: 'space-between', fontSize: '0.8rem' }}>
        <span className={styles.muted}>{stats.by_day[0]?.date}</span>
        <span className={styles.muted}>{stats.by_day.at(-1)?.date}</span>
      </div>
      <div>
        <h3 style={{ margin: '0 0 8px' }}>{t('Top referrers')}</h3>
        {stats.referrers.length === 0 ? (
          <p className={styles.muted}>{t('No referrers yet.')}</p>
        ) : (
          <table className={styles.table}>
            <tbody>
              {stats.referrers.map((r) => (
                <tr key={r.referrer}>
                  <td>{r.referrer}</td>
                  <td>{formatNumber(r.views)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </div>
  );
}
