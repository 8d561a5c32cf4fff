import { Messages } from '@visualnotes/contracts';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { useDocumentTitle } from '../../app/document-title';
import { AppLink } from '../../components/AppLink/AppLink';
import { Button } from '../../components/Button/Button';
import { useConfirm } from '../../components/Dialog/Dialog';
import { formatNumber } from '../../i18n/format';
import { useTranslation } from '../../i18n/i18n';
import { msg } from '../../i18n/msg';
import styles from './canvas.module.css';
import type { CanvasApi } from './CanvasView';
import { EXCALIDRAW_FILE_ACCEPT, importProjectFile, isLibraryFile } from './create-project';
import { LivePeers } from './editor/LivePeers';
import { MoreMenu } from './editor/MoreMenu';
import { useDrawingBesideDialogs, useDrawingDrop, useNarrow, useSendBeforeLeaving } from './editor/page-effects';
import { ProjectHeading } from './editor/ProjectHeading';
import { SizeWarning } from './editor/SizeWarning';
import { moveToNewBoard, selectionOf } from './editor/split-board';
import { useAutosave } from './editor/useAutosave';
import { useLiveSession } from './editor/useLiveSession';
import { useProjectLoad } from './editor/useProjectLoad';
import { useSceneChanges } from './editor/useSceneChanges';
import { exportExcalidrawFile, exportImage } from './exporting';
import { HistoryModal } from './HistoryModal';
import { ExportModal, type ExportFrame } from './ExportModal';
import { useAuth } from '../auth/useAuth';
import { useCollaboratorsQuery } from './collaborators-api';
import { keepLoadedAssetsOffline } from './offline-assets';
import { PublishModal, ShareModal, StatisticModal, SubmitTemplateModal } from './ProjectModals';
import { useCanvasModule } from './useCanvasModule';
import { CitedPagePanel } from '../documents/CitedPagePanel';
import { parseDocumentPageLink } from '../documents/document-map';

type ModalName = 'publish' | 'share' | 'template' | 'stats' | 'history' | 'export';

/** `/projects/:id`: the editor with autosave, offline copy, export, publishing, sharing and templates. */
export function EditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const navigate = useNavigate();
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
  const fileInput = useRef<HTMLInputElement>(null);
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

  // who made each version, as far as this page knows them: you, the people here now, and (for the
  // owner) the collaborators' addresses
  const { user } = useAuth();
  const { data: collaborators } = useCollaboratorsQuery(id, { skip: modal !== 'history' || role !== 'owner' });
  const people = useMemo(() => {
    const known: Record<string, string> = {};
    for (const c of collaborators ?? []) if (c.user_id) known[c.user_id] = c.email;
    for (const p of live.peers) known[p.user_id] = p.name;
    if (user) known[user.id] = t('you');
    return known;
  }, [collaborators, live.peers, user, t]);

  useDrawingBesideDialogs(modal, editorRef, apiRef, mod);
  useSendBeforeLeaving(autosave.sync, live.live);

  /** An `.excalidraw` file opens as a new project; an `.excalidrawlib` file adds to the library. */
  async function openFile(file: File | undefined) {
    if (!file) return;
    setNotice(null);
    try {
      if (await isLibraryFile(file)) {
        const problem = mod && apiRef.current ? await mod.importLibrary(apiRef.current, file) : Messages.imageLibraryNotLoaded;
        setNotice(problem ?? msg('Library items added'));
      } else navigate(`/projects/${await importProjectFile(file)}`);
    } catch (err) {
      setNotice((err as Error).message);
    }
  }
  useDrawingDrop(editorRef, openFile, loaded);

  async function doExport(kind: 'png' | 'svg' | 'clipboard') {
    const problem = await exportImage(apiRef.current, kind, title);
    setNotice(problem ?? (kind === 'clipboard' ? msg('Image copied to the clipboard') : null));
  }

  /** Moves the selected shapes to a new board, once asked (they leave this one). */
  async function splitBoard() {
    const api = apiRef.current;
    const sync = autosave.sync.current;
    if (!api || !sync) return;
    const moved = selectionOf(api);
    if (!moved.length) return setNotice(msg('Select the shapes to move to a new board first'));
    const ok = await confirm({
      title: t('Move to a new board'),
      message: t('Move {{count}} selected elements to a new board? They are removed from this one.', { count: formatNumber(moved.length) }),
      action: t('Move'),
    });
    if (!ok) return;
    try {
      await moveToNewBoard(api, moved, t('{{title}} (part 2)', { title: title.trim() || t('Untitled') }), sync.fileRefs(moved));
      setNotice(msg('The selection was moved to a new board; you find it in your projects'));
    } catch (err) {
      setNotice((err as Error).message);
    }
  }

  const snapshot = async () => (mod && apiRef.current ? mod.snapshotSvgText(apiRef.current) : null);
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
  const owner = role === 'owner';
  const roleText = role === 'viewer' ? t('Shared with you: can view') : t('Shared with you: can edit');
  const share = { label: t('Share'), testId: 'share-button', run: () => setModal('share') };
  const stats = { label: t('Statistics'), testId: 'stats-button', run: () => setModal('stats') };
  return (
    <div ref={editorRef} className={styles.editor} data-testid="editor" data-save-status={sceneShown ? autosave.status.status : 'loading'}>
      <div className={styles.toolbar} data-narrow={narrow || undefined}>
        <ProjectHeading title={title} onTitle={setTitle} sync={autosave.sync} status={autosave.status} sceneShown={sceneShown} />
        <span className={styles.spacer} />
        <LivePeers status={live.status} peers={live.peers} viewer={role === 'viewer'} />
        <input
          ref={fileInput}
          type="file"
          hidden
          accept={EXCALIDRAW_FILE_ACCEPT}
          data-testid="open-file-input"
          onChange={(e) => {
            void openFile(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {/* The actions used now and then live in one menu, so the toolbar stays one row on a phone;
            there sharing and statistics join them, leaving the title its room. */}
        <MoreMenu
          items={[
            ...(owner && narrow ? [share, ...(publicId ? [stats] : [])] : []),
            { label: t('Open file…'), testId: 'open-file', run: () => fileInput.current?.click() },
            { label: t('Save as .excalidraw'), testId: 'save-excalidraw', run: () => setNotice(exportExcalidrawFile(apiRef.current, title)) },
            { label: t('Export PNG'), testId: 'export-png', run: () => void doExport('png') },
            { label: t('Export SVG'), testId: 'export-svg', run: () => void doExport('svg') },
            { label: t('Copy image'), run: () => void doExport('clipboard') },
            ...(loaded && !loaded.offline ? [{ label: t('Export PDF, PowerPoint or ZIP…'), testId: 'export-server', run: () => setModal('export') }] : []),
            { label: t('History'), testId: 'history-button', run: () => setModal('history') },
            ...(owner ? [{ label: t('Submit as template'), run: () => setModal('template') }] : []),
          ]}
        />
        {/* Sharing, publishing and statistics are the owner's; collaborators see their role instead. */}
        {owner ? (
          <>
            {!narrow && (
              <Button size="sm" className={styles.toolButton} onClick={share.run} data-testid={share.testId}>
                {share.label}
              </Button>
            )}
            {!narrow && publicId && (
              <Button size="sm" className={styles.toolButton} onClick={stats.run} data-testid={stats.testId}>
                {stats.label}
              </Button>
            )}
            <Button variant="primary" size="sm" className={styles.toolButton} onClick={() => setModal('publish')} data-testid="publish-button">
              {publicId ? t('Published') : t('Publish')}
            </Button>
          </>
        ) : (
          loaded &&
          !loaded.offline && (
            // on a phone the short form (the whole sentence as its tooltip)
            <span className={styles.muted} data-testid="my-role" title={narrow ? roleText : undefined}>
              {narrow ? (role === 'viewer' ? t('Can view') : t('Can edit')) : roleText}
            </span>
          )
        )}
      </div>
      {notice && (
        <div className={styles.notice} role="status">
          {t(notice)}
        </div>
      )}
      {role !== 'viewer' && <SizeWarning bytes={sceneBytes} onSplit={() => void splitBoard()} />}
      {confirmDialog}
      <div className={styles.canvas}>
        {canvas ?? <p className={styles.center}>{t('Loading the editor…')}</p>}
        {cited && <CitedPagePanel key={cited.link} link={cited.link} summaryId={cited.summaryId} page={cited.page} onClose={() => setCited(null)} />}
      </div>
      {modal === 'publish' && <PublishModal projectId={id} title={title} publicId={publicId} snapshot={snapshot} onChange={setPublicId} onClose={closeModal} />}
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
