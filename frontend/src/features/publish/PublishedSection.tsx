import { formatDateTime } from '../../i18n/format';
import { errorMessage } from '../../app/error/describe-error';
import { useTranslation } from '../../i18n/i18n';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useDeleteProjectMutation, useProjectsQuery, usePublishedQuery } from '../canvas/api';
import { useRemoveCollaboratorMutation } from '../canvas/collaborators-api';
import { useAuth } from '../auth/useAuth';
import { createProject, EXCALIDRAW_DRAWING_ACCEPT, importProjectFile } from '../canvas/create-project';
import { Button } from '../../components/Button/Button';
import styles from '../license/license.module.css';
import { useConfirm } from '../../components/Dialog/Dialog';

/**
 * Account area, Published section (published panel): the user's projects with "New project",
 * and the published ones with their views and visitors.
 */
export function PublishedSection() {
  const { t } = useTranslation();
  const [confirm, confirmDialog] = useConfirm();
  const navigate = useNavigate();
  const projects = useProjectsQuery(undefined, { refetchOnMountOrArgChange: true });
  const published = usePublishedQuery(undefined, { refetchOnMountOrArgChange: true });
  const [remove] = useDeleteProjectMutation();
  const [leave, leaving] = useRemoveCollaboratorMutation();
  const { user } = useAuth();
  const [problem, setProblem] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // which of the two creating buttons is waiting for its project: both stay disabled meanwhile, so a
  // double click (or a click on the other one) makes one project, not two
  const [creating, setCreating] = useState<'new' | 'import' | null>(null);

  async function create(kind: 'new' | 'import', make: () => Promise<string>) {
    setCreating(kind);
    setProblem(null);
    try {
      navigate(`/projects/${await make()}`);
    } catch (err) {
      setProblem((err as Error).message);
    } finally {
      setCreating(null);
    }
  }

  const newProject = () => void create('new', () => createProject({ title: t('Untitled') }));
  const openFile = (file: File | undefined) => file && void create('import', () => importProjectFile(file));

  return (
    <section className={styles.section} id="published" aria-labelledby="published-title" data-testid="published-section">
      <h2 id="published-title">{t('Projects and Published')}</h2>
      <div className={styles.actions}>
        <Button variant="primary" size="lg" onClick={newProject} disabled={!!creating} aria-busy={creating === 'new'} data-testid="new-project">
          {creating === 'new' ? t('Creating…') : t('New project')}
        </Button>
        <Button
          variant="primary"
          size="lg"
          onClick={() => fileInput.current?.click()}
          disabled={!!creating}
          aria-busy={creating === 'import'}
          data-testid="import-project"
        >
          {creating === 'import' ? t('Opening…') : t('Open an .excalidraw file')}
        </Button>
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={EXCALIDRAW_DRAWING_ACCEPT}
          data-testid="import-project-input"
          onChange={(e) => {
            openFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        <Link to="/templates">{t('Start from a template')}</Link>
      </div>
      {problem && <p className={styles.error}>{t(problem)}</p>}
      {(projects.error || leaving.error) && <p className={styles.error}>{t(errorMessage(projects.error ?? leaving.error) ?? '')}</p>}
      {projects.data?.length === 0 && <p className={styles.muted}>{t('No projects yet. Start one with “New project” or from a template.')}</p>}
      {projects.data && projects.data.length > 0 && (
        <ul className={styles.list} data-testid="project-list">
          {projects.data.map((p) => (
            <li key={p.id} className={styles.row}>
              <span>
                <Link to={`/projects/${p.id}`}>{p.title}</Link>
                <br />
                <span className={styles.muted}>
                  {t('edited {{date}}', { date: formatDateTime(p.updated_at) })}
                  {p.role !== 'owner' && (
                    <span data-testid="shared-role"> · {p.role === 'viewer' ? t('Shared with you: can view') : t('Shared with you: can edit')}</span>
                  )}
                </span>
              </span>
              {p.role === 'owner' ? (
                <Button
                  variant="danger-text"
                  onClick={async () => {
                    const sure = await confirm({
                      title: t('Delete the project?'),
                      message: t('Delete “{{title}}”? This action cannot be undone.', { title: p.title }),
                      action: t('Delete'),
                    });
                    if (sure) void remove(p.id);
                  }}
                >
                  {t('Delete')}
                </Button>
              ) : (
                <Button
                  onClick={async () => {
                    const sure = await confirm({
                      title: t('Leave the project?'),
                      message: t('You can no longer open “{{title}}” unless its owner invites you again.', { title: p.title }),
                      action: t('Leave'),
                    });
                    if (sure && user) void leave({ id: p.id, memberId: user.id });
                  }}
                >
                  {t('Leave')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
      <h3>{t('Published')}</h3>
      {published.data?.length === 0 && <p className={styles.muted}>{t('Nothing published yet. Open a project and choose “Publish”.')}</p>}
      {published.data && published.data.length > 0 && (
        <ul data-testid="published-list">
          {published.data.map((p) => (
            <li key={p.public_id}>
              <a href={p.url}>{p.title}</a> · {p.views === 1 ? t('1 view') : t('{{count}} views', { count: p.views })} ·{' '}
              {p.visitors === 1 ? t('1 visitor') : t('{{count}} visitors', { count: p.visitors })} ·{' '}
              <Link to={`/p/statistic/${p.public_id}`}>{t('Statistics')}</Link>
            </li>
          ))}
        </ul>
      )}
      {confirmDialog}
    </section>
  );
}
