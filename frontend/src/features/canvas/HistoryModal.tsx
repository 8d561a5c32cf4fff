import { dateLocale } from '../../i18n/i18n';
import { useTranslation } from '../../i18n/i18n';
import type { Project, ProjectVersion, Scene } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import styles from './canvas.module.css';
import { fresh, runApi } from '../../app/api/api';
import { canvasApi } from './api';
import { Modal } from './Modal';
import { ReadOnlyCanvas } from './ReadOnlyCanvas';
import { msg } from '../../i18n/msg';

const REASON: Record<ProjectVersion['reason'], string> = {
  save: msg('Edited'),
  publish: msg('Published'),
  restore: msg('Before a restore'),
};

/**
 * The project's kept versions, newest first: one is previewed read-only and can be restored after
 * a confirmation (the current scene is kept as a version first, so the restore can be undone).
 */
export function HistoryModal(props: { projectId: string; canRestore: boolean; onRestored: (project: Project) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [versions, setVersions] = useState<ProjectVersion[] | null>(null);
  const [preview, setPreview] = useState<(ProjectVersion & { scene: Scene }) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    runApi(canvasApi.endpoints.versions.initiate(props.projectId, fresh)).then(setVersions, (err: Error) => setError(err.message));
  }, [props.projectId]);

  async function open(v: ProjectVersion) {
    setConfirming(false);
    setError(null);
    try {
      setPreview(await runApi(canvasApi.endpoints.version.initiate({ id: props.projectId, versionId: v.id }, fresh)));
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function restore() {
    if (!preview) return;
    setBusy(true);
    setError(null);
    try {
      props.onRestored(await runApi(canvasApi.endpoints.restoreVersion.initiate({ id: props.projectId, versionId: preview.id })));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal title={t('Version history')} onClose={props.onClose} testId="history-modal">
      {versions === null && !error && <p>{t('Loading…')}</p>}
      {versions?.length === 0 && <p>{t('No versions yet: one is kept every minute while the canvas changes, and on publishing.')}</p>}
      {versions && versions.length > 0 && (
        <ul className={styles.versionList} data-testid="version-list">
          {versions.map((v) => (
            <li key={v.id}>
              <button type="button" className={styles.button} aria-pressed={preview?.id === v.id} onClick={() => void open(v)} data-testid="version-item">
                {new Date(v.created_at).toLocaleString(dateLocale())} · {t(REASON[v.reason])} · {t('{{count}} changed', { count: v.changed_elements })} ·{' '}
                {v.elements === 1 ? t('1 element') : t('{{count}} elements', { count: v.elements })}
              </button>
            </li>
          ))}
        </ul>
      )}
      {preview && (
        <>
          <ReadOnlyCanvas scene={preview.scene} filesPath={`/api/projects/${props.projectId}/files`} className={styles.versionPreview} />
          {props.canRestore &&
            (confirming ? (
              <div className={styles.row}>
                <span>{t('Replace the canvas with this version? The current canvas is kept in the history.')}</span>
                <button
                  type="button"
                  className={`${styles.button} ${styles.primary}`}
                  onClick={() => void restore()}
                  disabled={busy}
                  data-testid="restore-confirm"
                >
                  {busy ? t('Restoring…') : t('Restore')}
                </button>
                <button type="button" className={styles.button} onClick={() => setConfirming(false)}>
                  {t('Cancel')}
                </button>
              </div>
            ) : (
              <div className={styles.row}>
                <button type="button" className={styles.button} onClick={() => setConfirming(true)} data-testid="restore-version">
                  {t('Restore this version')}
                </button>
              </div>
            ))}
        </>
      )}
      {error && <p className={styles.error}>{t(error)}</p>}
    </Modal>
  );
}
