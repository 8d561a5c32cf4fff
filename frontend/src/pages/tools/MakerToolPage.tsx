import { useTranslation } from '../../i18n/i18n';
import { errorMessage } from '../../app/error/describe-error';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { findToolByPath, type Tool } from '../../app/routes/tools';
import { useDocumentTitle } from '../../app/document-title';
import { rememberPath } from '../../features/auth/redirect';
import { useAuth } from '../../features/auth/useAuth';
import { useTemplateQuery, useTemplatesQuery } from '../../features/canvas/api';
import { Button } from '../../components/Button/Button';
import styles from '../../features/canvas/canvas.module.css';
import { ScenePreview } from '../../features/canvas/ScenePreview';
import { MAKER_TOOLS } from './maker-tools';

/** A maker tool's page (`/tools/<slug>`): its template, to start a board from. */
export function MakerToolPage() {
  const tool = findToolByPath(useLocation().pathname);
  return tool ? <MakerTool tool={tool} /> : null;
}

function MakerTool({ tool }: { tool: Tool }) {
  const { t } = useTranslation();
  const maker = MAKER_TOOLS[tool.slug];
  useDocumentTitle(t(tool.name));
  const { loggedIn } = useAuth();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: list, error: listError } = useTemplatesQuery(maker.category);
  const summary = list?.find((item) => item.key === maker.template);
  const { data: template } = useTemplateQuery(summary?.id ?? '', { skip: !summary });
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function start() {
    if (!summary) return;
    if (!loggedIn) {
      rememberPath(location.pathname);
      navigate('/account/login');
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      navigate(`/projects/${await (await import('../../features/canvas/create-project')).createProject({ template_id: summary.id })}`);
    } catch (err) {
      setProblem((err as Error).message);
      setBusy(false);
    }
  }

  return (
    <div className={styles.center} style={{ maxWidth: '56rem' }} data-testid="maker-tool">
      <h1 style={{ marginBottom: 4 }}>{t(tool.name)}</h1>
      <p className={styles.muted} style={{ marginTop: 0 }}>
        {t(tool.description)} {t('Free, in your browser, on an open canvas.')}
      </p>
      <ol>
        {maker.steps.map((s) => (
          <li key={s}>{t(s)}</li>
        ))}
      </ol>
      <div className={styles.row} style={{ margin: '16px 0' }}>
        <Button variant="primary" size="sm" onClick={() => void start()} disabled={!summary || busy} aria-busy={busy} data-testid="maker-start">
          {busy ? t('Creating…') : t(maker.action)}
        </Button>
        {!loggedIn && <span className={styles.muted}>{t('You will be asked to log in or sign up first; it is free.')}</span>}
      </div>
      {listError && (
        <p className={styles.error} role="alert">
          {t(errorMessage(listError) ?? '')}
        </p>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {t(problem)}
        </p>
      )}
      {template && <ScenePreview scene={template.scene} label={t('{{name}}: the canvas you start from', { name: t(template.name) })} />}
    </div>
  );
}
