import { TEMPLATE_CATEGORY_LABELS } from '@visualnotes/contracts';
import { Link } from 'react-router-dom';
import { errorText, useMyTemplatesQuery } from '../../../features/canvas/api';
import styles from '../license/license.module.css';

const STATUS = { pending: 'Waiting for review', approved: 'In the gallery', rejected: 'Not accepted' } as const;

/** Account area, Templates section: the templates this user submitted and their review state. */
export function TemplatesSection() {
  const { data, error, isLoading } = useMyTemplatesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className={styles.section} id="templates" aria-labelledby="templates-title" data-testid="templates-section">
      <h2 id="templates-title">Templates</h2>
      <p>
        Submit a project as a template from the editor (“Submit as template”). Browse the <Link to="/templates">template gallery</Link>.
      </p>
      {isLoading && <p className={styles.muted}>Loading…</p>}
      {error && <p className={styles.error}>{errorText(error)}</p>}
      {data?.length === 0 && <p className={styles.muted}>You have not submitted a template yet.</p>}
      {data && data.length > 0 && (
        <ul>
          {data.map((t) => (
            <li key={t.id}>
              {t.status === 'approved' ? <Link to={`/templates/${t.id}`}>{t.name}</Link> : t.name} · {TEMPLATE_CATEGORY_LABELS[t.category]} · {STATUS[t.status]}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
