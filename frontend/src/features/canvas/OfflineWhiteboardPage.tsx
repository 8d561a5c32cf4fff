import { useTranslation } from '../../i18n/i18n';
import { compareScenes, type Scene } from '@visualnotes/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepLoadedAssetsOffline } from './offline-assets';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import { Button, buttonClass } from '../../components/Button/Button';
import styles from './canvas.module.css';
import type { CanvasApi } from './CanvasView';
import { createProject } from './create-project';
import { exportImage } from './exporting';
import { uploadDataUrl } from './http';
import { LocalHistoryModal } from './LocalHistoryModal';
import { clearLocalBoard, keepLocalSnapshot, readLocalBoard, writeLocalBoard } from './offline-store';
import type { SceneElements } from './scene-types';
import { useCanvasModule } from './useCanvasModule';

const empty: Scene = { type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} };

/** Whether two states of the board look the same (nothing added, removed or changed). */
const sameBoard = (a: Scene, b: Scene) => {
  const c = compareScenes(a, b);
  return !c.added.length && !c.removed.length && !c.changed.length;
};

/**
 * `/tools/offline-whiteboard`: a whiteboard without an account, kept only on this device
 * (IndexedDB) with a local history of snapshots to compare and restore from. A signed-in user can
 * save it to the account as a project.
 */
export function OfflineWhiteboardPage() {
  const { t } = useTranslation();
  const { loggedIn } = useAuth();
  const navigate = useNavigate();
  const { mod } = useCanvasModule();
  const [board, setBoard] = useState<{ scene: Scene; images: Record<string, string> } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [history, setHistory] = useState(false);
  // a restored board opens a fresh editor on it
  const [opened, setOpened] = useState(0);
  const apiRef = useRef<CanvasApi | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    void readLocalBoard().then((b) => setBoard(b ?? { scene: empty, images: {} }));
    return () => clearTimeout(timer.current);
  }, []);

  const onChange = useCallback((elements: SceneElements, files: Record<string, { dataURL: string }>) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const images = Object.fromEntries(Object.entries(files).map(([k, f]) => [k, f.dataURL]));
      const scene = { ...empty, elements: elements.filter((e) => !e.isDeleted) as Scene['elements'] };
      void writeLocalBoard(scene, images).then(() => keepLocalSnapshot(scene, images, { same: sameBoard }));
    }, 300);
  }, []);

  const canvas = useMemo(() => {
    if (!mod || !board) return null;
    const View = mod.default;
    return (
      <View
        key={opened}
        scene={board.scene}
        images={board.images}
        onReady={(api) => {
          apiRef.current = api;
          window.setTimeout(() => void keepLoadedAssetsOffline(), 1_000);
        }}
        onChange={onChange}
      />
    );
  }, [mod, board, onChange, opened]);

  /** The board as the editor holds it now. */
  const current = () => {
    const api = apiRef.current;
    if (!api) return board;
    const images = Object.fromEntries(Object.entries(api.getFiles()).map(([k, f]) => [k, f.dataURL]));
    return { scene: { ...empty, elements: api.getSceneElements().filter((e) => !e.isDeleted) as Scene['elements'] }, images };
  };

  /** Puts a board from the history back; the one it replaces is kept in the history first. */
  async function restore(next: { scene: Scene; images: Record<string, string> }) {
    clearTimeout(timer.current);
    const now = current();
    if (now) await keepLocalSnapshot(now.scene, now.images, { force: true, same: sameBoard });
    const scene = { ...next.scene, elements: next.scene.elements.filter((e) => !e.isDeleted) };
    await writeLocalBoard(scene, next.images);
    apiRef.current = null;
    setBoard({ scene, images: next.images });
    setOpened((n) => n + 1);
    setHistory(false);
  }

  async function saveToAccount() {
    const api = apiRef.current;
    if (!api) return;
    setMessage(null);
    try {
      // Images go to storage first (`POST /api/uploads`); the project keeps references to them.
      const elements = api.getSceneElements();
      const available = api.getFiles();
      const files: NonNullable<Scene['files']> = {};
      for (const el of elements) {
        const fileId = el.type === 'image' ? el.fileId : null;
        const file = fileId ? available[fileId] : undefined;
        if (!fileId || !file || files[fileId]) continue;
        const extension = file.mimeType.split('/')[1]?.replace('svg+xml', 'svg') ?? 'png';
        const uploaded = await uploadDataUrl(file.dataURL, `${fileId}.${extension}`);
        files[fileId] = { id: fileId, mimeType: file.mimeType, file_id: uploaded, created: file.created };
      }
      // An image whose bytes are not on this device any more cannot be saved: it is left out.
      const kept = elements.filter((e) => e.type !== 'image' || (e.fileId && files[e.fileId]));
      const id = await createProject({ title: 'Whiteboard', scene: { ...empty, elements: kept, files } });
      await clearLocalBoard();
      navigate(`/projects/${id}`);
    } catch (err) {
      setMessage((err as Error).message);
    }
  }

  return (
    <div className={styles.editor} data-testid="offline-whiteboard">
      <div className={`${styles.toolbar} ${styles.wrap}`}>
        <h1 className="visually-hidden">{t('Offline Whiteboard')}</h1>
        <strong aria-hidden="true">{t('Offline Whiteboard')}</strong>
        <span className={styles.muted}>{t('Saved on this device only')}</span>
        <span className={styles.spacer} />
        <Button size="sm" onClick={() => setHistory(true)} data-testid="local-history-button">
          {t('History')}
        </Button>
        <Button size="sm" onClick={async () => setMessage(await exportImage(apiRef.current, 'png', 'whiteboard'))}>
          PNG
        </Button>
        <Button size="sm" onClick={async () => setMessage(await exportImage(apiRef.current, 'svg', 'whiteboard'))}>
          SVG
        </Button>
        {loggedIn ? (
          <Button variant="primary" size="sm" onClick={saveToAccount}>
            {t('Save to my account')}
          </Button>
        ) : (
          <a className={buttonClass('secondary', 'sm')} href="/account/login">
            {t('Log in to save it to an account')}
          </a>
        )}
      </div>
      {message && <div className={styles.notice}>{t(message)}</div>}
      <div className={styles.canvas}>{canvas ?? <p className={styles.center}>{t('Loading the whiteboard…')}</p>}</div>
      {history && <LocalHistoryModal current={current} onRestore={restore} onClose={() => setHistory(false)} />}
    </div>
  );
}
