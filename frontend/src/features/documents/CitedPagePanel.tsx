import { useEffect, useRef } from 'react';
import { errorMessage } from '../../app/error/describe-error';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import { useGetSummaryPageQuery, useGetSummaryQuery } from './api';
import styles from './documents.module.css';

const UNIT = { page: msg('Page {{number}}'), slide: msg('Slide {{number}}'), part: msg('Part {{number}}') } as const;

/**
 * The page a node of a document's map cites, beside the canvas: its text, a link to the whole
 * summary at that page, and Close (Escape closes too).
 */
export function CitedPagePanel({ link, summaryId, page, onClose }: { link: string; summaryId: string; page: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error, isFetching } = useGetSummaryPageQuery({ id: summaryId, page });
  const unit = useGetSummaryQuery(summaryId).data?.unit ?? 'page';
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => close.current?.focus(), [summaryId, page]);
  return (
    <aside
      className={styles.citedPanel}
      aria-label={t('Cited page')}
      data-testid="cited-page"
      onKeyDown={(e) => {
        if (e.key === 'Escape') onClose();
      }}
    >
      <div className={styles.citedHead}>
        <strong>{t(UNIT[unit], { number: page })}</strong>
        <button type="button" ref={close} onClick={onClose}>
          {t('Close')}
        </button>
      </div>
      {data ? (
        <>
          {data.title && <p className={styles.muted}>{data.title}</p>}
          <p dir="auto" className={styles.citedText}>
            {data.text}
          </p>
        </>
      ) : error ? (
        <p className={styles.error} role="alert">
          {t(errorMessage(error) ?? '')}
        </p>
      ) : (
        <p className={styles.muted}>{isFetching ? t('Loading…') : ''}</p>
      )}
      <a href={link} target="_blank" rel="noreferrer">
        {t('Open the summary')}
      </a>
    </aside>
  );
}
