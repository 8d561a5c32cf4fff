import { Messages } from '@visualnotes/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/document-title';
import { AppLink } from '../../components/AppLink/AppLink';
import { useConfirm } from '../../components/Dialog/Dialog';
import { useTranslation } from '../../i18n/i18n';
import styles from './canvas.module.css';
import type { CanvasApi } from './CanvasView';
import { useDrawingBesideDialogs, useDrawingDrop, useNarrow, useSendBeforeLeaving } from './editor/page-effects';
import { EditorToolbar, type ModalName } from './editor/EditorToolbar';
import { SizeWarning } from './editor/SizeWarning';
import { useBoardActions } from './editor/useBoardActions';
import { useVersionAuthors } from './editor/useVersionAuthors';
import { useAutosave } from './editor/useAutosave';
import { useLiveSession } from './editor/useLiveSession';
import { useProjectLoad } from './editor/useProjectLoad';
import { useSceneChanges } from './editor/useSceneChanges';
import { HistoryModal } from './HistoryModal';
import { ExportModal, type ExportFrame } from './ExportModal';
import { keepLoadedAssetsOffline } from './offline-assets';
import { PublishModal, ShareModal, StatisticModal, SubmitTemplateModal } from './ProjectModals';
import { useCanvasModule } from './useCanvasModule';
import { CitedPagePanel } from '../documents/CitedPagePanel';
import { parseDocumentPageLink } from '../documents/document-map';

/** `/projects/:id`: the editor with autosave, offline copy, export, publishing, sharing and templates. */
export function EditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { mod, error: modError } = useCanvasModule();
  const narrow = useNarrow();
  const [title, setTitle] = useState('');
  // the browser tab says which project it is (several may be open)
  useDocumentTitle(title.trim() || t('Project'));
  const [publicId, setPublicId] = useState<string | null>(null);
  const [modal, setModal] = useState<ModalName | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // the scene's size as the server measures it, for the warning as it nears the limit
  const [sceneBytes, setSceneBytes] = useState(0);
  const [confirm, confirmDialog] = useConfirm();
  const apiRef = useRef<CanvasApi | null>(null);
  const editorRef = useRef<HTMLDivElement>(null);

  // the autosave first: on leaving, it is disposed before the live channel
  const autosave = useAutosave(setNotice);
  const live = useLiveSession(id, apiRef, setNotice);
  const { role, setRole } = live;
  const scene = useSceneChanges(mod, autosave.sync, live.live, live.roleRef, editorRef);
  const { loaded, failure, reload } = useProjectLoad(id, (l) => {
    setTitle(l.local.title);
    scene.setCount(l.local.scene.elements.filter((e) => !e.isDeleted).length);
    setPublicId(l.publicId);
    setRole(l.role);
    autosave.setStatus({ status: l.offline ? 'offline' : l.local.dirty ? 'saving' : 'saved' });
  });

  // the editor is wired once per opened project: autosave, then the live channel (not offline)
  const { start: startAutosave } = autosave;
  const { open: openLive, stop: stopLive } = live;
  const onReady = useCallback(
    (api: CanvasApi) => {
      if (!loaded || !mod || apiRef.current === api) return;
      apiRef.current = api;
      // once the editor has drawn (its fonts loaded too), its files are kept for offline use
      window.setTimeout(() => void keepLoadedAssetsOffline(), 1_000);
      const sync = startAutosave(loaded.local, api, mod);
      sync.watchSize(setSceneBytes);
      stopLive();
      if (!loaded.offline) openLive(api, mod, sync);
    },
    [loaded, mod, startAutosave, openLive, stopLive],
  );

  const { onChange } = scene;
  // A node of a document's map opens the page it cites beside the canvas, not in place of it.
  const [cited, setCited] = useState<{ link: string; summaryId: string; page: number } | null>(null);
  const onLinkOpen = useCallback((link: string, event: { preventDefault(): void }) => {
    const page = parseDocumentPageLink(link);
    if (!page) return;
    event.preventDefault();
    setCited({ link, ...page });
  }, []);
  const canvas = useMemo(() => {
    if (!mod || !loaded) return null;
    const View = mod.default;
    return (
      <View
        scene={loaded.local.scene}
        images={loaded.images}
        readOnly={role === 'viewer'}
        loadScene={false}
        onReady={onReady}
        onChange={onChange}
        onPointerUpdate={live.onPointerUpdate}
        collaborating={live.peers.length > 0}
        onLinkOpen={onLinkOpen}
      />
    );
  }, [mod, loaded, onReady, onChange, live.onPointerUpdate, role, live.peers.length, onLinkOpen]);

  const people = useVersionAuthors(id, { historyOpen: modal === 'history', owner: role === 'owner', peers: live.peers });

  useDrawingBesideDialogs(modal, editorRef, apiRef, mod);
  useSendBeforeLeaving(autosave.sync, live.live);

  const actions = useBoardActions({ mod, api: apiRef, sync: autosave.sync, title, confirm, setNotice });
  useDrawingDrop(editorRef, actions.openFile, loaded);

  const closeModal = () => setModal(null);

  if (failure || modError) {
    return (
      <div className={styles.center}>
        <h1>{t('Cannot open this project')}</h1>
        <p className={styles.error}>{t(failure ?? Messages.imageLibraryNotLoaded)}</p>
        <AppLink to="/account#published">{t('Go to your projects')}</AppLink>
      </div>
    );
  }
  const sceneShown = canvas !== null;
  return (
    <div ref={editorRef} className={styles.editor} data-testid="editor" data-save-status={sceneShown ? autosave.status.status : 'loading'}>
      <EditorToolbar
        title={title}
        onTitle={setTitle}
        sync={autosave.sync}
        status={autosave.status}
        sceneShown={sceneShown}
        live={live}
        role={role}
        source={loaded}
        publicId={publicId}
        narrow={narrow}
        actions={actions}
        open={setModal}
      />
      {notice && (
        <div className={styles.notice} role="status">
          {t(notice)}
        </div>
      )}
      {role !== 'viewer' && <SizeWarning bytes={sceneBytes} onSplit={() => void actions.splitBoard()} />}
      {confirmDialog}
      <div className={styles.canvas}>
        {canvas ?? <p className={styles.center}>{t('Loading the editor…')}</p>}
        {cited && <CitedPagePanel key={cited.link} link={cited.link} summaryId={cited.summaryId} page={cited.page} onClose={() => setCited(null)} />}
      </div>
      {modal === 'publish' && (
        <PublishModal projectId={id} title={title} publicId={publicId} snapshot={actions.snapshot} onChange={setPublicId} onClose={closeModal} />
      )}
      {modal === 'history' && (
        <HistoryModal
          projectId={id}
          canRestore={loaded?.role !== 'viewer'}
          people={people}
          onRestored={() => {
            setModal(null);
            // with the live channel the restored elements arrive like any change; without it the
            // editor reopens the project from the server (they are newer than these)
            if (live.live.current?.connected) return;
            autosave.stop();
            stopLive();
            apiRef.current = null;
            reload();
          }}
          onClose={closeModal}
        />
      )}
      {modal === 'export' && <ExportModal projectId={id} title={title} frames={boardFrames(apiRef.current)} onClose={closeModal} />}
      {modal === 'share' && <ShareModal projectId={id} onClose={closeModal} />}
      {modal === 'template' && <SubmitTemplateModal projectId={id} title={title} onClose={closeModal} />}
      {modal === 'stats' && publicId && <StatisticModal publicId={publicId} onClose={closeModal} />}
    </div>
  );
}

/** The board's frames (for the Export dialog), as the editor holds them now. */
function boardFrames(api: CanvasApi | null): ExportFrame[] {
  const elements = (api?.getSceneElements() ?? []) as readonly { id: string; type: string; name?: string | null; isDeleted?: boolean }[];
  return elements.filter((e) => !e.isDeleted && (e.type === 'frame' || e.type === 'magicframe')).map((e) => ({ id: e.id, name: e.name ?? '' }));
}
