import { Messages } from '@visualnotes/contracts';
import { useTranslation } from '../../i18n/i18n';
import { formatDate } from '../../i18n/format';
import { buttonClass } from '../../components/Button/Button';
import styles from './documents.module.css';

/** When the free allowance starts again: the first day of next month (counted per calendar month, UTC). */
function nextReset(now = new Date()): string {
  const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
  return formatDate(next, { month: 'long', day: 'numeric', timeZone: 'UTC' });
}

/** The free plan's document summaries of this month are all used: say so and offer Premium. */
export function AllowanceUsedPrompt({ limit }: { limit: number | null }) {
  const { t } = useTranslation();
  return (
    <aside className={styles.allowance} role="alert" data-testid="monthly-allowance-used">
      <strong>
        {limit ? t('You have used all {{limit}} free document summaries of this month', { limit }) : t('No free document summaries left this month')}
      </strong>
      <p>{t(Messages.monthlySummariesUsed)}.</p>
      <p className={styles.muted}>{t('Your free summaries start again on {{date}}.', { date: nextReset() })}</p>
      <a className={buttonClass('primary', 'lg')} href="/pricing">
        {t('See Premium plans')}
      </a>
    </aside>
  );
}
