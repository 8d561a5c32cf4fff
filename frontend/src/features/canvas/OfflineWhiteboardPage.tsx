import { useTranslation } from '../../i18n/i18n';
import type { Scene } from '@visualnotes/contracts';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { keepLoadedAssetsOffline } from './offline-assets';
import { useNavigate } from 'react-router-dom';
import { useAuth } from '../auth/useAuth';
import styles from './canvas.module.css';
import type { CanvasApi } from './CanvasView';
import { createProject } from './create-project';
import { exportImage } from './exporting';
import { uploadDataUrl } from './http';
import { clearLocalBoard, readLocalBoard, writeLocalBoard } from './offline-store';
import type { SceneElements } from './scene-types';
import { useCanvasModule } from './useCanvasModule';

const empty: Scene = { type: 'excalidraw', version: 2, elements: [], appState: {}, files: {} };

/**
 * `/tools/offline-whiteboard`: a whiteboard without an account, kept only on this device
 * (IndexedDB). A signed-in user can save it to the account as a project.
 */
export function OfflineWhiteboardPage() {
  const { t } = useTranslation();
  const { loggedIn } = useAuth();
  const navigate = useNavigate();
  const { mod } = useCanvasModule();
  const [board, setBoard] = useState<{ scene: Scene; images: Record<string, string> } | null>(null);
  const [message, setMessage] = useState<string | null>(null);
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
      void writeLocalBoard({ ...empty, elements: elements.filter((e) => !e.isDeleted) as Scene['elements'] }, images);
    }, 300);
  }, []);

  const canvas = useMemo(() => {
    if (!mod || !board) return null;
    const View = mod.default;
    return (
      <View
        scene={board.scene}
        images={board.images}
        onReady={(api) => {
          apiRef.current = api;
          window.setTimeout(() => void keepLoadedAssetsOffline(), 1_000);
        }}
        onChange={onChange}
      />
    );
  }, [mod, board, onChange]);

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
        <button type="button" className={styles.button} onClick={async () => setMessage(await exportImage(apiRef.current, 'png', 'whiteboard'))}>
          PNG
        </button>
        <button type="button" className={styles.button} onClick={async () => setMessage(await exportImage(apiRef.current, 'svg', 'whiteboard'))}>
          SVG
        </button>
        {loggedIn ? (
          <button type="button" className={`${styles.button} ${styles.primary}`} onClick={saveToAccount}>
            {t('Save to my account')}
          </button>
        ) : (
          <a className={styles.button} href="/account/login">
            {t('Log in to save it to an account')}
          </a>
        )}
      </div>
      {message && <div className={styles.notice}>{t(message)}</div>}
      <div className={styles.canvas}>{canvas ?? <p className={styles.center}>{t('Loading the whiteboard…')}</p>}</div>
    </div>
  );
}
