import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { TEMPLATE_CATEGORY_LABELS } from '@visualnotes/contracts';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorPage } from '../../app/error/ErrorPage';
import { useAuth } from '../../features/auth/useAuth';
import { rememberPath } from '../../features/auth/redirect';
import { useTemplateQuery } from '../../features/canvas/api';
import { readStored, writeStored } from '../../app/browser-storage';
import { Button } from '../../components/Button/Button';
import styles from '../../features/canvas/canvas.module.css';
import { ScenePreview } from '../../features/canvas/ScenePreview';

/**
 * "Use template" clicked while signed out: the tab keeps which template it was (sessionStorage) and
 * the login page comes back with `?use=1`; only both together make the project, so a shared link
 * with the flag makes nothing by itself.
 */
const PENDING_USE_KEY = 'templates.pending_use';

/** `/templates/:id`: the template panel with its preview and "Use template". */
export function TemplatePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { loggedIn } = useAuth();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const { data, error, isLoading } = useTemplateQuery(id);
  const [problem, setProblem] = useState<string | null>(null);
  // disabled while the project is being made: a double click makes one project, not two
  const [busy, setBusy] = useState(false);
  // the project asked for before logging in is made once, however often the page renders
  const resumed = useRef(false);

  async function use() {
    if (!loggedIn) {
      writeStored('tab', PENDING_USE_KEY, id);
      rememberPath(`/templates/${id}?use=1`);
      navigate('/account/login');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      navigate(`/projects/${await (await import('../../features/canvas/create-project')).createProject({ template_id: id })}`);
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  // back from the login page: go on with "Use template" (the template is known to exist by then)
  const resume = params.get('use') === '1';
  useEffect(() => {
    if (!resume || !loggedIn || !data || resumed.current) return;
    resumed.current = true;
    const pending = readStored('tab', PENDING_USE_KEY);
    writeStored('tab', PENDING_USE_KEY, null);
    setParams(
      (p) => {
        p.delete('use');
        return p;
      },
      { replace: true },
    );
    if (pending === id) void use();
  }, [resume, loggedIn, data]); // eslint-disable-line react-hooks/exhaustive-deps

  if (error && 'status' in error && error.status === 404) return <ErrorPage error={error} />;
  return (
    <div className={styles.center} style={{ maxWidth: '56rem' }} data-testid="template-panel">
      <p>
        <Link to="/templates">← {t('All templates')}</Link>
      </p>
      {isLoading && <p className={styles.muted}>{t('Loading…')}</p>}
      {error && <p className={styles.error}>{t(errorMessage(error) ?? '')}</p>}
      {data && (
        <div style={{ display: 'grid', gap: 12 }}>
          <h1 style={{ margin: 0 }}>{t(data.name)}</h1>
          <span className={styles.muted}>{t(TEMPLATE_CATEGORY_LABELS[data.category])}</span>
          <ScenePreview scene={data.scene} label={t(data.name)} />
          <p>{t(data.description)}</p>
          <div className={styles.row}>
            <Button variant="primary" size="sm" onClick={() => void use()} busy={busy} data-testid="use-template">
              {busy ? t('Creating…') : t('Use template')}
            </Button>
          </div>
          {problem && <p className={styles.error}>{t(problem)}</p>}
        </div>
      )}
    </div>
  );
}
