import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from '@visualnotes/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { useTemplatesQuery } from '../../features/canvas/api';
import styles from '../../features/canvas/canvas.module.css';
import { TemplateCardPreview } from './TemplateCardPreview';

/** `/templates`: the gallery, by category. */
export function TemplatesPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const category = (TEMPLATE_CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? (params.get('category') as TemplateCategory) : undefined;
  const { data, error, isLoading } = useTemplatesQuery(category);
  return (
    <div style={{ maxWidth: 'var(--content-width)', margin: '0 auto', padding: '32px 16px' }} data-testid="templates-page">
      <h1>{t('Templates')}</h1>
      <p className={styles.muted}>{t('Start your canvas from a template: whiteboards, moodboards, flowcharts, mind maps, meetings, study and video notes.')}</p>
      <div className={styles.tabs} role="group" aria-label={t('Categories')}>
        <button type="button" className={styles.tab} aria-pressed={!category} onClick={() => setParams({})}>
          {t('All')}
        </button>
        {TEMPLATE_CATEGORIES.map((c) => (
          <button key={c} type="button" className={styles.tab} aria-pressed={category === c} onClick={() => setParams({ category: c })}>
            {t(TEMPLATE_CATEGORY_LABELS[c])}
          </button>
        ))}
      </div>
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      <div className={styles.grid}>
        {data?.map((item) => (
          <Link key={item.id} to={`/templates/${item.id}`} className={styles.card} data-testid="template-card">
            <TemplateCardPreview id={item.id} />
            <strong>{t(item.name)}</strong>
            <span className={styles.muted}>{t(TEMPLATE_CATEGORY_LABELS[item.category])}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
