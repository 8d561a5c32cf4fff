import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import type { Project, ProjectVersion, Scene, VersionComparison } from '@visualnotes/contracts';
import { useEffect, useState } from 'react';
import { Button } from '../../components/Button/Button';
import styles from './canvas.module.css';
import { fresh, runApi } from '../../app/api/api';
import { canvasApi } from './api';
import { Modal } from './Modal';
import { ReadOnlyCanvas } from './ReadOnlyCanvas';
import { msg } from '../../i18n/msg';
import { CompareResult } from './CompareResult';

const REASON: Record<ProjectVersion['reason'], string> = {
  save: msg('Edited'),
  publish: msg('Published'),
  restore: msg('Before a restore'),
};

type Compared = VersionComparison & { fromScene: Scene; toScene: Scene };

/**
 * The project's kept versions, newest first, with who made each. One is previewed read-only and
 * can be restored whole; two versions (or one and the board now) are compared: what was added,
 * removed and changed is counted and drawn over the board in colour, and chosen elements can be
 * put back as they were in the first one. Restores ask first, and the board as it was is kept as a
 * version, so they can be undone. `people` names the ids it knows (the rest show as collaborators).
 */
export function HistoryModal(props: {
  projectId: string;
  canRestore: boolean;
  people?: Record<string, string>;
  onRestored: (project: Project) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [versions, setVersions] = useState<ProjectVersion[] | null>(null);
  const [preview, setPreview] = useState<(ProjectVersion & { scene: Scene }) | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('current');
  const [compared, setCompared] = useState<Compared | null>(null);
  const [comparing, setComparing] = useState(false);
  const { projectId } = props;

  useEffect(() => {
    runApi(canvasApi.endpoints.versions.initiate(projectId, fresh)).then(
      (list) => {
        setVersions(list);
        if (list.length) setFrom(list[0].id);
      },
      (err: Error) => setError(err.message),
    );
  }, [projectId]);

  const names = (v: ProjectVersion) => (v.editor_ids ?? []).map((id) => props.people?.[id] ?? t('a collaborator'));
  const versionText = (v: ProjectVersion) => `${formatDateTime(v.created_at)} · ${t(REASON[v.reason])}`;

  async function open(v: ProjectVersion) {
    setConfirming(false);
    setError(null);
    setFrom(v.id);
    try {
      setPreview(await runApi(canvasApi.endpoints.version.initiate({ id: projectId, versionId: v.id }, fresh)));
    } catch (err) {
      setError((err as Error).message);
    }
  }

  async function compare() {
    if (!from) return;
    setComparing(true);
    setConfirming(false);
    setError(null);
    try {
      const sceneOf = async (id: string) =>
        id === 'current'
          ? (await runApi(canvasApi.endpoints.project.initiate(projectId, fresh))).scene
          : (await runApi(canvasApi.endpoints.version.initiate({ id: projectId, versionId: id }, fresh))).scene;
      const [result, fromScene, toScene] = await Promise.all([
        runApi(canvasApi.endpoints.compareVersions.initiate({ id: projectId, from, to }, fresh)),
        sceneOf(from),
        sceneOf(to),
      ]);
      setCompared({ ...result, fromScene, toScene });
      setPreview(null);
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setComparing(false);
    }
  }

  async function restoreWhole() {
    if (!preview) return;
    await restoring(() => runApi(canvasApi.endpoints.restoreVersion.initiate({ id: projectId, versionId: preview.id })));
  }

  async function restorePicked(elementIds: string[]) {
    if (!compared || !elementIds.length) return;
    const body = { id: projectId, versionId: compared.from.id, element_ids: elementIds };
    await restoring(() => runApi(canvasApi.endpoints.restoreElements.initiate(body)));
  }

  async function restoring(work: () => Promise<Project>) {
    setBusy(true);
    setError(null);
    try {
      props.onRestored(await work());
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
        <>
          <ul className={styles.versionList} data-testid="version-list">
            {versions.map((v) => (
              <li key={v.id}>
                <Button size="sm" aria-pressed={preview?.id === v.id} onClick={() => void open(v)} data-testid="version-item">
                  {versionText(v)} · {t('{{count}} changed', { count: v.changed_elements })} ·{' '}
                  {v.elements === 1 ? t('1 element') : t('{{count}} elements', { count: v.elements })}
                  {names(v).length > 0 && (
                    <span className={styles.versionBy} data-testid="version-editors">
                      {t('by {{names}}', { names: names(v).join(t(', ')) })}
                    </span>
                  )}
                </Button>
              </li>
            ))}
          </ul>
          <fieldset className={styles.compareForm} data-testid="compare-form">
            <legend>{t('Compare')}</legend>
            <label>
              <span>{t('From')}</span>
              <select value={from} onChange={(e) => setFrom(e.target.value)} data-testid="compare-from">
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {versionText(v)}
                  </option>
                ))}
              </select>
            </label>
            <label>
              <span>{t('To')}</span>
              <select value={to} onChange={(e) => setTo(e.target.value)} data-testid="compare-to">
                <option value="current">{t('The canvas now')}</option>
                {versions.map((v) => (
                  <option key={v.id} value={v.id}>
                    {versionText(v)}
                  </option>
                ))}
              </select>
            </label>
            <Button size="sm" onClick={() => void compare()} disabled={comparing || !from} data-testid="compare-run">
              {comparing ? t('Comparing…') : t('Compare')}
            </Button>
          </fieldset>
        </>
      )}
      {compared && (
        <CompareResult
          key={`${compared.from.id}:${compared.to?.id ?? 'now'}`}
          comparison={compared}
          fromScene={compared.fromScene}
          toScene={compared.toScene}
          fromDate={compared.from.created_at}
          filesPath={`/api/projects/${projectId}/files`}
          onRestore={props.canRestore ? restorePicked : undefined}
        />
      )}
      {preview && (
        <>
          <ReadOnlyCanvas scene={preview.scene} filesPath={`/api/projects/${projectId}/files`} className={styles.versionPreview} />
          {props.canRestore &&
            (confirming ? (
              <div className={styles.row}>
                <span>{t('Replace the canvas with this version? The current canvas is kept in the history.')}</span>
                <Button variant="primary" size="sm" onClick={() => void restoreWhole()} disabled={busy} data-testid="restore-confirm">
                  {busy ? t('Restoring…') : t('Restore')}
                </Button>
                <Button size="sm" onClick={() => setConfirming(false)}>
                  {t('Cancel')}
                </Button>
              </div>
            ) : (
              <div className={styles.row}>
                <Button size="sm" onClick={() => setConfirming(true)} data-testid="restore-version">
                  {t('Restore this version')}
                </Button>
              </div>
            ))}
        </>
      )}
      {error && <p className={styles.error}>{t(error)}</p>}
    </Modal>
  );
}
