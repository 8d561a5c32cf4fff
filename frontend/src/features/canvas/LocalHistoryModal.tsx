import { compareScenes, restoreChosenElements, type Scene } from '@visualnotes/contracts';
import { useEffect, useMemo, useState } from 'react';
import { Button } from '../../components/Button/Button';
import { formatDateTime } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import styles from './canvas.module.css';
import { CompareResult } from './CompareResult';
import { Modal } from './Modal';
import { readLocalHistory, type LocalSnapshot } from './offline-store';

/**
 * The offline whiteboard's own history, kept on this device: a snapshot is compared with the board
 * now (counts, the changes in colour) and chosen elements, or the whole snapshot, are put back
 * after a confirmation. `onRestore` gets the board to show (the caller keeps the one it replaces).
 */
export function LocalHistoryModal(props: {
  current: () => { scene: Scene; images: Record<string, string> } | null;
  onRestore: (board: { scene: Scene; images: Record<string, string> }) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [snapshots, setSnapshots] = useState<LocalSnapshot[] | null>(null);
  const [chosen, setChosen] = useState<LocalSnapshot | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [now] = useState(props.current);

  useEffect(() => {
    void readLocalHistory().then(setSnapshots);
  }, []);

  const comparison = useMemo(() => {
    if (!chosen || !now) return null;
    const cmp = compareScenes(chosen.scene, now.scene);
    return { ...cmp, counts: { added: cmp.added.length, removed: cmp.removed.length, changed: cmp.changed.length } };
  }, [chosen, now]);

  const restoreElements = async (ids: string[]) => {
    if (!chosen || !now) return;
    const { scene } = restoreChosenElements(now.scene, chosen.scene, ids);
    await props.onRestore({ scene, images: { ...chosen.images, ...now.images } });
  };

  return (
    <Modal title={t('Version history')} onClose={props.onClose} testId="local-history-modal">
      <p className={styles.muted}>{t('Kept on this device only: one every minute while the board changes, the last 20.')}</p>
      {snapshots === null && <p>{t('Loading…')}</p>}
      {snapshots?.length === 0 && <p>{t('No versions yet: one is kept every minute while the board changes.')}</p>}
      {snapshots && snapshots.length > 0 && (
        <ul className={styles.versionList} data-testid="local-version-list">
          {snapshots.map((s) => {
            const count = s.scene.elements.filter((e) => !e.isDeleted).length;
            return (
              <li key={s.id}>
                <Button
                  size="sm"
                  aria-pressed={chosen?.id === s.id}
                  onClick={() => {
                    setChosen(s);
                    setConfirming(false);
                  }}
                  data-testid="local-version-item"
                >
                  {formatDateTime(s.at)} · {count === 1 ? t('1 element') : t('{{count}} elements', { count })}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {chosen && comparison && now && (
        <>
          <CompareResult
            key={chosen.id}
            comparison={comparison}
            fromScene={chosen.scene}
            toScene={now.scene}
            fromDate={chosen.at}
            images={{ ...chosen.images, ...now.images }}
            onRestore={restoreElements}
          />
          {confirming ? (
            <div className={styles.row}>
              <span>{t('Replace the canvas with this version? The current canvas is kept in the history.')}</span>
              <Button
                variant="primary"
                size="sm"
                onClick={() => void props.onRestore({ scene: chosen.scene, images: chosen.images })}
                data-testid="local-restore-confirm"
              >
                {t('Restore')}
              </Button>
              <Button size="sm" onClick={() => setConfirming(false)}>
                {t('Cancel')}
              </Button>
            </div>
          ) : (
            <div className={styles.row}>
              <Button size="sm" onClick={() => setConfirming(true)} data-testid="local-restore-version">
                {t('Restore this version')}
              </Button>
            </div>
          )}
        </>
      )}
    </Modal>
  );
}
