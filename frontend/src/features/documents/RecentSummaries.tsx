import type { DocumentSummaryItem, DocumentSummaryView } from '@visualnotes/contracts';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { useTranslation } from '../../i18n/i18n';
import { formatDateTime } from '../../i18n/format';
import { msg } from '../../i18n/msg';
import { useListSummariesQuery } from './api';
import styles from './documents.module.css';

const KIND_LABEL = { pdf: 'PDF', pptx: 'PowerPoint', docx: 'Word', text: msg('Text') } as const;

/** The user's earlier summaries: each opens again here, from the account's own list. */
export function RecentSummaries({ current }: { current?: DocumentSummaryView }) {
  const { t } = useTranslation();
  const list = useListSummariesQuery();
  const items = list.data?.items ?? [];
  // the open summary finished (or failed) since the list was read: read it again
  const stale = !!current && items.some((item) => item.id === current.id && item.status !== current.status);
  const { refetch } = list;
  useEffect(() => {
    if (stale) void refetch();
  }, [stale, refetch]);
  if (!items.length) return null;
  const label = (item: DocumentSummaryItem) => `${t(KIND_LABEL[item.kind])} · ${formatDateTime(item.created_at)}`;
  return (
    <section className={styles.recent} aria-labelledby="recent-summaries" data-testid="recent-summaries">
      <h2 id="recent-summaries">{t('Your document summaries')}</h2>
      <ul>
        {items.map((item) => (
          <li key={item.id}>
            <Link dir="auto" to={`?summary=${encodeURIComponent(item.id)}`} aria-current={item.id === current?.id ? 'page' : undefined}>
              {item.title}
            </Link>{' '}
            <span className={styles.muted}>
              {label(item)}
              {item.status === 'failed'
                ? ` · ${t('Failed')}`
                : item.status === 'reading'
                  ? ` · ${t('Reading…')}`
                  : item.status !== 'completed'
                    ? ` · ${t('Summarizing…')}`
                    : ''}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
