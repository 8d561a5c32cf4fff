import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS, type TemplateCategory } from '@visualnotes/contracts';
import { Link, useSearchParams } from 'react-router-dom';
import { errorText, useTemplatesQuery } from '../../features/canvas/api';
import styles from '../../features/canvas/canvas.module.css';
import { TemplateCardPreview } from './TemplateCardPreview';

/** `/templates`: the gallery, by category. */
export function TemplatesPage() {
  const [params, setParams] = useSearchParams();
  const category = (TEMPLATE_CATEGORIES as readonly string[]).includes(params.get('category') ?? '') ? (params.get('category') as TemplateCategory) : undefined;
  const { data, error, isLoading } = useTemplatesQuery(category);
  return (
    <div style={{ maxWidth: 'var(--content-width)', margin: '0 auto', padding: '32px 16px' }} data-testid="templates-page">
      <h1>Templates</h1>
      <p className={styles.muted}>Start your canvas from a template: whiteboards, moodboards, flowcharts, mind maps, meetings, study and video notes.</p>
      <div className={styles.tabs} role="group" aria-label="Categories">
        <button type="button" className={styles.tab} aria-pressed={!category} onClick={() => setParams({})}>
          All
        </button>
        {TEMPLATE_CATEGORIES.map((c) => (
          <button key={c} type="button" className={styles.tab} aria-pressed={category === c} onClick={() => setParams({ category: c })}>
            {TEMPLATE_CATEGORY_LABELS[c]}
          </button>
        ))}
      </div>
      {isLoading && <p className={styles.muted}>Loading…</p>}
      {error && <p className={styles.error}>{errorText(error)}</p>}
      <div className={styles.grid}>
        {data?.map((t) => (
          <Link key={t.id} to={`/templates/${t.id}`} className={styles.card} data-testid="template-card">
            <TemplateCardPreview id={t.id} name={t.name} />
            <strong>{t.name}</strong>
            <span className={styles.muted}>{TEMPLATE_CATEGORY_LABELS[t.category]}</span>
          </Link>
        ))}
      </div>
    </div>
  );
}
