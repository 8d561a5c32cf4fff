import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { TEMPLATE_CATEGORY_LABELS } from '@visualnotes/contracts';
import { Link } from 'react-router-dom';
import { useMyTemplatesQuery } from '../canvas/api';
import styles from '../license/license.module.css';
import { msg } from '../../i18n/msg';

const STATUS = { pending: msg('Waiting for review'), approved: msg('In the gallery'), rejected: msg('Not accepted') } as const;

/** Account area, Templates section: the templates this user submitted and their review state. */
export function TemplatesSection() {
  const { t } = useTranslation();
  const { data, error, isLoading } = useMyTemplatesQuery(undefined, { refetchOnMountOrArgChange: true });
  return (
    <section className={styles.section} id="templates" aria-labelledby="templates-title" data-testid="templates-section">
      <h2 id="templates-title">{t('Templates')}</h2>
      <p>
        {t('Submit a project as a template from the editor (“More” → “Submit as template”).')} <Link to="/templates">{t('Browse the template gallery')}</Link>
      </p>
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {data?.length === 0 && <p className={styles.muted}>{t('You have not submitted a template yet.')}</p>}
      {data && data.length > 0 && (
        <ul>
          {data.map((item) => (
            <li key={item.id}>
              {item.status === 'approved' ? <Link to={`/templates/${item.id}`}>{item.name}</Link> : item.name} · {t(TEMPLATE_CATEGORY_LABELS[item.category])} ·{' '}
              {t(STATUS[item.status])}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
