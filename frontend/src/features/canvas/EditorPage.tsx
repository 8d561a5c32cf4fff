import { useTranslation } from '../../i18n/i18n';
import type { Project, ProjectRole, Scene } from '@visualnotes/contracts';
import { Messages } from '@visualnotes/contracts';
import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { keepLoadedAssetsOffline } from './offline-assets';
import { useNavigate, useParams } from 'react-router-dom';
import { useRequireAuth } from '../auth/useAuth';
import styles from './canvas.module.css';
import type { CanvasApi } from './CanvasView';
import { EXCALIDRAW_FILE_ACCEPT, importProjectFile, isLibraryFile } from './create-project';
import { exportExcalidrawFile, exportImage } from './exporting';
import { readToken } from '../../app/api/tokens';
import { fresh, runApi } from '../../app/api/api';
import { canvasApi } from './api';
import { ApiError, fetchDataUrl, isNetworkError } from './http';
import { readImage, readLocalProject, removeLocalProject, writeImage, writeLocalProject, type LocalProject } from './offline-store';
import { HistoryModal } from './HistoryModal';
import { PublishModal, ShareModal, StatisticModal, SubmitTemplateModal } from './ProjectModals';
import type { SceneElements } from './scene-types';
import { ProjectSync, type SaveStatus } from './sync';
import { LiveSession, type LiveStatus } from './live';
import type { LivePeer } from '@visualnotes/contracts';
import type { CursorState } from './CanvasView';
import { loadCanvasModule, useCanvasModule } from './useCanvasModule';
import { msg } from '../../i18n/msg';
import { AppLink } from '../../components/AppLink/AppLink';
import { useDocumentTitle } from '../../app/document-title';
import { mediaDown } from '../../styles/breakpoints';

type Loaded = { local: LocalProject; publicId: string | null; images: Record<string, string>; offline: boolean; role: ProjectRole };

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: msg('Saved'),
  saving: msg('Saving…'),
  offline: msg('Offline – saved on this device'),
  error: msg('Not saved'),
};
/** The save status while the canvas holds a picture the server refused (its words are the tooltip and a notice). */
const PICTURE_NOT_SAVED = msg('Picture not saved');

/** The words of the save status (to be translated): an error says what went wrong when it can. */
function statusText({ status, message, picture }: { status: SaveStatus; message?: string; picture?: boolean }): string {
  if (status === 'error' && picture) return PICTURE_NOT_SAVED;
  if (status === 'error' && message) return message;
  return STATUS_TEXT[status];
}

type Fetched = { ok: true; project: Project } | { ok: false; error: unknown };

/** The server's copy and this device's copy of a project, asked for at the same time. */
function fetchProject(id: string): Promise<[LocalProject | undefined, Fetched]> {
  return Promise.all([
    readLocalProject(id),
    runApi(canvasApi.endpoints.project.initiate(id, fresh)).then(
      (project): Fetched => ({ ok: true, project }),
      (error: unknown): Fetched => ({ ok: false, error }),
    ),
  ]);
}

/**
 * The images of a project as data URLs by Excalidraw file id: from the server (each kept on this
 * device as it arrives), else the copy kept on this device, so that they show offline too.
 */
async function projectImages(id: string, scene: Scene, uploads: Record<string, string>): Promise<Record<string, string>> {
  const refs = new Map<string, string>();
  for (const el of scene.elements) if (el.type === 'image' && !el.isDeleted && el.fileId && uploads[el.fileId]) refs.set(el.fileId, uploads[el.fileId]);
  for (const f of Object.values(scene.files ?? {})) refs.set(f.id, f.file_id);
  const images: Record<string, string> = {};
  await Promise.all(
    [...refs].map(async ([fileId, uploadId]) => {
      const kept = await readImage(uploadId);
      const url = kept ?? (await fetchDataUrl(`/projects/${id}/files/${uploadId}`, true));
      if (!url) return;
      images[fileId] = url;
      if (!kept) void writeImage(uploadId, url);
    }),
  );
  return images;
}

/**
 * Opens a project from the server, or from this device when offline, merging unsent local edits.
 * The request starts as the page opens, while the editor's code is still loading.
 */
async function openProject(id: string, fetched: Promise<[LocalProject | undefined, Fetched]>): Promise<Loaded> {
  const [local, answer] = await fetched;
  if (!answer.ok) {
    const err = answer.error;
    if (err instanceof ApiError && err.statusCode === 404) {
      await removeLocalProject(id);
      throw err;
    }
    if (isNetworkError(err) && local) {
      return { local, publicId: null, images: await projectImages(id, local.scene, local.uploads), offline: true, role: 'editor' };
    }
    if (isNetworkError(err)) throw new Error(msg('You are offline and this project was not opened on this device before.'));
    throw err;
  }
  const remote = answer.project;
  const uploads: Record<string, string> = { ...(local?.uploads ?? {}) };
  for (const f of Object.values(remote.scene.files ?? {})) uploads[f.id] = f.file_id;
  let scene: Scene = remote.scene;
  let dirty = false;
  if (local?.dirty) {
    const mod = await loadCanvasModule();
    scene = { ...remote.scene, elements: mod.mergeElements(local.scene.elements, remote.scene.elements) as Scene['elements'] };
    dirty = true;
  }
  const images = await projectImages(id, scene, uploads);
  const next: LocalProject = { id, title: remote.title, scene, version: remote.version, dirty, uploads, saved_at: Date.now() };
  void writeLocalProject(next); // the device copy; the editor does not wait for it
  return { local: next, publicId: remote.public_id, images, offline: false, role: remote.role };
}

/** Files that hold a drawing or a library (`.json` may be either), told by name when dropped. */
const DRAWING_FILE = /\.(excalidraw|excalidrawlib|json|md)$/i;

/** `/projects/:id`: the editor with autosave, offline copy, export, publishing, sharing and templates. */
export function EditorPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const { loggedIn, ready } = useRequireAuth();
  const { mod, error: modError } = useCanvasModule();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // `picture`: the error is a picture the server refused (`message` holds its words)
  const [status, setStatus] = useState<{ status: SaveStatus; message?: string; picture?: boolean }>({ status: 'saved' });
  const narrow = useNarrow();
  const [title, setTitle] = useState('');
  // the browser tab says which project it is (several may be open)
  useDocumentTitle(title.trim() || t('Project'));
  const [publicId, setPublicId] = useState<string | null>(null);
  const [modal, setModal] = useState<'publish' | 'share' | 'template' | 'stats' | 'history' | null>(null);
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  // Excalidraw's scene version (the sum of element versions): equal on two screens showing the same scene
  const [sceneVersion, setSceneVersion] = useState(0);
  const apiRef = useRef<CanvasApi | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const editorRef = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const syncRef = useRef<ProjectSync | null>(null);
  const liveRef = useRef<LiveSession | null>(null);
  const cursors = useRef(new Map<string, CursorState>());
  const [role, setRoleState] = useState<ProjectRole>('editor');
  const roleRef = useRef<ProjectRole>('editor');
  const setRole = useCallback((r: ProjectRole) => {
    roleRef.current = r;
    setRoleState(r);
  }, []);
  const owner = role === 'owner';
  const [liveStatus, setLiveStatus] = useState<LiveStatus>('connecting');
  const [peers, setPeers] = useState<LivePeer[]>([]);

  // Asked for at once when a session is there (the answer waits for the sign-in check below).
  const early = useMemo(() => (readToken() ? fetchProject(id) : null), [id]);
  const usedEarly = useRef<Promise<unknown> | null>(null);

  useEffect(() => {
    if (!ready || !loggedIn) return;
    let live = true;
    setLoaded(null);
    setFailure(null);
    const fetched = early && usedEarly.current !== early ? early : fetchProject(id);
    usedEarly.current = early;
    openProject(id, fetched).then(
      (l) => {
        if (!live) return;
        setLoaded(l);
        setTitle(l.local.title);
        setCount(l.local.scene.elements.filter((e) => !e.isDeleted).length);
        setPublicId(l.publicId);
        setRole(l.role);
        setStatus({ status: l.offline ? 'offline' : l.local.dirty ? 'saving' : 'saved' });
      },
      (err: Error) => live && setFailure(err instanceof ApiError && err.statusCode === 404 ? msg('Project not found') : err.message),
    );
    return () => {
      live = false;
    };
  }, [id, ready, loggedIn, early, reloads, setRole]);

  useEffect(
    () => () => {
      syncRef.current?.dispose();
      liveRef.current?.dispose();
    },
    [],
  );

  const onReady = useCallback(
    (api: CanvasApi) => {
      if (!loaded || !mod || apiRef.current === api) return;
      apiRef.current = api;
      // once the editor has drawn (its fonts loaded too), its files are kept for offline use
      window.setTimeout(() => void keepLoadedAssetsOffline(), 1_000);
      syncRef.current?.dispose();
      syncRef.current = new ProjectSync(
        loaded.local,
        {
          elements: () => api.getSceneElementsIncludingDeleted(),
          files: () => api.getFiles(),
          appState: () => ({ viewBackgroundColor: api.getAppState().viewBackgroundColor }),
          merge: (remote) => mod.mergeInto(api, remote),
          version: (elements) => mod.sceneVersion(elements),
        },
        (s, message, picture) => setStatus({ status: s, message, picture }),
        (message) => setNotice(message),
      );
      liveRef.current?.dispose();
      liveRef.current = null;
      cursors.current.clear();
      if (!loaded.offline) liveRef.current = openLive(id, api, mod, syncRef.current);
    },
    // openLive reads only refs and state setters (stable): the editor is wired once per project load.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [loaded, mod, id],
  );

  /**
   * The live channel: others' changes merged in as they come (Excalidraw's reconcile keeps an
   * element being edited here), their cursors shown, and this editor's changes sent. While it is
   * connected it is the only way the scene is saved; when it drops, the autosave takes over.
   */
  function openLive(projectId: string, api: CanvasApi, m: NonNullable<typeof mod>, sync: ProjectSync): LiveSession {
    const fetchImages = (refs: { id: string; file_id: string; mimeType: string }[]) => {
      for (const f of refs) {
        void (async () => {
          const url = (await readImage(f.file_id)) ?? (await fetchDataUrl(`/projects/${projectId}/files/${f.file_id}`, true));
          if (!url) return;
          void writeImage(f.file_id, url);
          api.addFiles([{ id: f.id, dataURL: url, mimeType: f.mimeType, created: Date.now() } as never]);
        })();
      }
    };
    const session: LiveSession = new LiveSession(
      projectId,
      {
        welcome: (scene, r) => {
          fetchImages(sync.knowFiles(scene.files));
          m.mergeInto(api, scene.elements);
          setRole(r);
          sync.setLive(r !== 'viewer');
          // what was changed here while disconnected (and the server lacks) goes up now, images
          // once they are uploaded
          void sync.shareImages(api.getSceneElementsIncludingDeleted() as unknown as SceneElements, (elements) => session.resend(elements));
        },
        remote: (elements, files) => {
          fetchImages(sync.knowFiles(files));
          m.mergeInto(api, elements);
          session.accepted(elements);
        },
        presence: (peer, presence) => {
          const c = cursors.current.get(peer.id) ?? { name: peer.name, color: peer.color, userId: peer.user_id };
          cursors.current.set(peer.id, { ...c, ...presence });
          m.showCollaborators(api, cursors.current);
        },
        peers: (list) => {
          setPeers(list);
          const here = new Set(list.map((p) => p.id));
          for (const key of cursors.current.keys()) if (!here.has(key)) cursors.current.delete(key);
          for (const p of list) if (!cursors.current.has(p.id)) cursors.current.set(p.id, { name: p.name, color: p.color, userId: p.user_id });
          m.showCollaborators(api, cursors.current);
        },
        role: (r) => {
          setRole(r);
          sync.setLive(r !== 'viewer');
          setNotice(r === 'viewer' ? 'You can now only view this project' : 'You can now edit this project');
        },
        saved: (version) => sync.liveSaved(version, session.hasUnsaved),
        status: (s) => {
          setLiveStatus(s);
          if (s !== 'live') sync.setLive(false);
          // access removed or project deleted: nothing drawn here could be kept any more
          if (s === 'closed') setRole('viewer');
        },
        error: (message) => setNotice(message),
      },
      (elements) => sync.fileRefs(elements as unknown as SceneElements),
    );
    sync.watchLive(() => session.hasUnsaved);
    return session;
  }

  // Excalidraw reports every change, scrolling and zooming included (elements are often changed in
  // place, so the list itself may be the same): only a new scene version matters here.
  // An image's file may reach the editor after its element (Excalidraw reads a dropped file while
  // the element is already placed): a new file counts as a change too, so that it is uploaded.
  const lastVersion = useRef(-1);
  const lastFiles = useRef(0);
  const onChange = useCallback(
    (elements: SceneElements, files?: Record<string, unknown>) => {
      const version = mod ? mod.sceneVersion(elements) : -1;
      const fileCount = files ? Object.keys(files).length : lastFiles.current;
      const newFiles = fileCount > lastFiles.current;
      lastFiles.current = fileCount;
      const changed = version === -1 || version !== lastVersion.current;
      if (!changed && !newFiles) return;
      lastVersion.current = version;
      // a viewer's canvas changes only by others' edits: nothing to save from here
      if (changed && roleRef.current !== 'viewer') syncRef.current?.changed(elements);
      const live = liveRef.current;
      if (live?.connected) {
        // images are uploaded first: the live channel carries only references to uploads
        void syncRef.current?.shareImages(elements, (ready) => live.changed(ready));
      }
      setCount(elements.filter((e) => !e.isDeleted).length);
      setSceneVersion(version);
    },
    [mod],
  );

  // the selection others see (sent only when it changed)
  const lastSelection = useRef('');
  const onPointerUpdate = useCallback((pointer: { x: number; y: number; tool: 'pointer' | 'laser' }, button: 'up' | 'down') => {
    const live = liveRef.current;
    const api = apiRef.current;
    if (!live?.connected || !api) return;
    const selected = Object.keys(api.getAppState().selectedElementIds ?? {});
    const key = selected.join(',');
    live.presence({ pointer, button, ...(key !== lastSelection.current ? { selected } : {}) });
    lastSelection.current = key;
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
        onPointerUpdate={onPointerUpdate}
        collaborating={peers.length > 0}
      />
    );
  }, [mod, loaded, onReady, onChange, onPointerUpdate, role, peers.length]);

  // The dialogs cover the middle of the editor, where the drawing was put on opening: while one is
  // open the view moves the drawing into the part it leaves free (and back when it closes), so
  // nobody takes the work for lost.
  useEffect(() => {
    const api = apiRef.current;
    const root = editorRef.current;
    if (!modal || !api || !mod || !root) return;
    const from = mod.viewportOf(api);
    let watched: Element | undefined;
    const place = () => {
      // the dialog now shown (the publish dialog may give way to another one)
      const dialog = [...root.querySelectorAll(':scope > dialog')].pop();
      if (dialog !== watched) {
        if (watched) resized?.unobserve(watched);
        if (dialog) resized?.observe(dialog);
        watched = dialog;
      }
      if (dialog) mod.showDrawingBeside(api, dialog.getBoundingClientRect(), from);
    };
    // it grows as its content arrives (statistics, versions)
    const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => place());
    const swapped = new MutationObserver(place);
    swapped.observe(root, { childList: true });
    place();
    return () => {
      resized?.disconnect();
      swapped.disconnect();
      mod.setViewport(api, from);
    };
  }, [modal, mod]);

  async function doExport(kind: 'png' | 'svg' | 'clipboard') {
    const problem = await exportImage(apiRef.current, kind, title);
    setNotice(problem ?? (kind === 'clipboard' ? msg('Image copied to the clipboard') : null));
  }

  /** An `.excalidraw` file opens as a new project; an `.excalidrawlib` file adds to the library. */
  // Closing or leaving the page right after a change: what waits for the next send goes now. A
  // picture still being uploaded (or waiting to be tried again) is only in this tab: the browser
  // asks before the page goes.
  useEffect(() => {
    const onHide = () => liveRef.current?.sendNow();
    const onLeave = (event: BeforeUnloadEvent) => {
      onHide();
      if (!syncRef.current?.picturesPending) return;
      event.preventDefault();
      // older browsers ask only when this is set
      event.returnValue = '';
    };
    window.addEventListener('pagehide', onHide);
    window.addEventListener('beforeunload', onLeave);
    return () => {
      window.removeEventListener('pagehide', onHide);
      window.removeEventListener('beforeunload', onLeave);
    };
  }, []);

  // A drawing file dropped on the canvas opens as a new project too (as "Open file…" does), not in
  // place of this drawing, which Excalidraw would do; images dropped go to Excalidraw as before.
  const openFileRef = useRef(openFile);
  openFileRef.current = openFile;
  useEffect(() => {
    const root = editorRef.current;
    if (!root) return;
    const onDrop = (event: DragEvent) => {
      const file = event.dataTransfer?.files?.[0];
      if (!file || !DRAWING_FILE.test(file.name)) return;
      event.preventDefault();
      event.stopPropagation();
      void openFileRef.current(file);
    };
    root.addEventListener('drop', onDrop, true);
    return () => root.removeEventListener('drop', onDrop, true);
  }, [loaded]);

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

  const sceneShown = canvas !== null;
  const roleText = role === 'viewer' ? t('Shared with you: can view') : t('Shared with you: can edit');
  const share = { label: t('Share'), testId: 'share-button', run: () => setModal('share') };
  const stats = { label: t('Statistics'), testId: 'stats-button', run: () => setModal('stats') };

  const snapshot = async () => (mod && apiRef.current ? mod.snapshotSvgText(apiRef.current) : null);

  if (failure || modError) {
    return (
      <div className={styles.center}>
        <h1>{t('Cannot open this project')}</h1>
        <p className={styles.error}>{t(failure ?? Messages.imageLibraryNotLoaded)}</p>
        <AppLink to="/account#published">{t('Go to your projects')}</AppLink>
      </div>
    );
  }
  return (
    <div
      ref={editorRef}
      className={styles.editor}
      data-testid="editor"
      data-save-status={sceneShown ? status.status : 'loading'}
      data-element-count={count}
      data-scene-version={sceneVersion}
    >
      <div className={styles.toolbar} data-narrow={narrow || undefined}>
        {/* On a phone the save status goes under the title, which keeps the width it needs. */}
        <div className={styles.heading}>
          <input
            className={styles.title}
            aria-label={t('Project title')}
            value={title}
            maxLength={200}
            onChange={(e) => setTitle(e.target.value)}
            onBlur={() => {
              // an emptied title goes back to the saved one: a project always has a name
              if (!title.trim()) setTitle(syncRef.current?.title ?? '');
              else if (title.trim() !== syncRef.current?.title) syncRef.current?.rename(title.trim());
            }}
            onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
          />
          {/* Nothing is saved (nor unsaved) before the scene is in the editor. */}
          <span
            className={styles.status}
            data-status={sceneShown ? status.status : 'loading'}
            data-testid="save-status"
            title={status.message && t(status.message)}
          >
            {sceneShown && t(statusText(status))}
          </span>
        </div>
        <span className={styles.spacer} />
        <LivePeers status={liveStatus} peers={peers} viewer={role === 'viewer'} />
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
            { label: t('History'), testId: 'history-button', run: () => setModal('history') },
            ...(owner ? [{ label: t('Submit as template'), run: () => setModal('template') }] : []),
          ]}
        />
        {/* Sharing, publishing and statistics are the owner's; collaborators see their role instead. */}
        {owner ? (
          <>
            {!narrow && (
              <button type="button" className={styles.button} onClick={share.run} data-testid={share.testId}>
                {share.label}
              </button>
            )}
            {!narrow && publicId && (
              <button type="button" className={styles.button} onClick={stats.run} data-testid={stats.testId}>
                {stats.label}
              </button>
            )}
            <button type="button" className={`${styles.button} ${styles.primary}`} onClick={() => setModal('publish')} data-testid="publish-button">
              {publicId ? t('Published') : t('Publish')}
            </button>
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
      <div className={styles.canvas}>{canvas ?? <p className={styles.center}>{t('Loading the editor…')}</p>}</div>
      {modal === 'publish' && (
        <PublishModal projectId={id} title={title} publicId={publicId} snapshot={snapshot} onChange={setPublicId} onClose={() => setModal(null)} />
      )}
      {modal === 'history' && (
        <HistoryModal
          projectId={id}
          canRestore={loaded?.role !== 'viewer'}
          onRestored={() => {
            setModal(null);
            // with the live channel the restored elements arrive like any change; without it the
            // editor reopens the project from the server (they are newer than these)
            if (liveRef.current?.connected) return;
            syncRef.current?.dispose();
            syncRef.current = null;
            liveRef.current?.dispose();
            liveRef.current = null;
            apiRef.current = null;
            setReloads((n) => n + 1);
          }}
          onClose={() => setModal(null)}
        />
      )}
      {modal === 'share' && <ShareModal projectId={id} onClose={() => setModal(null)} />}
      {modal === 'template' && <SubmitTemplateModal projectId={id} title={title} onClose={() => setModal(null)} />}
      {modal === 'stats' && publicId && <StatisticModal publicId={publicId} onClose={() => setModal(null)} />}
    </div>
  );
}

/** Who else has the project open (one entry per person), and whether changes are shared live. */
function LivePeers({ status, peers, viewer }: { status: LiveStatus; peers: LivePeer[]; viewer: boolean }) {
  const { t } = useTranslation();
  const people = [...new Map(peers.map((p) => [p.user_id, p])).values()];
  const label = t(
    status === 'live' ? (viewer ? 'Live · view only' : 'Live') : status === 'connecting' ? 'Connecting…' : status === 'closed' ? 'Not shared' : 'Reconnecting…',
  );
  return (
    <div className={styles.peers} data-testid="live-peers" data-live-status={status} aria-live="polite">
      <span className={styles.liveState} data-status={status}>
        {label}
      </span>
      {people.length > 0 && (
        <ul aria-label={t('People here')}>
          {people.map((p) => (
            <li key={p.user_id} title={`${p.name} (${p.role})`} data-testid="live-peer" style={{ borderColor: p.color }}>
              <span aria-hidden="true" style={{ background: p.color }}>
                {(Array.from(p.name)[0] ?? '').toUpperCase()}
              </span>
              <span className={styles.peerName}>{p.name}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

interface MenuItem {
  label: string;
  testId?: string;
  run: () => void;
}

/** Phone widths, where the toolbar keeps only the title, the save status, "More" and publishing. */
const NARROW = mediaDown('md');

function useNarrow(): boolean {
  const [narrow, setNarrow] = useState(() => typeof window !== 'undefined' && !!window.matchMedia?.(NARROW).matches);
  useEffect(() => {
    const query = window.matchMedia?.(NARROW);
    if (!query) return;
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return narrow;
}

/** "More": a menu button (Escape or a click elsewhere closes it, focus goes back to the button). */
function MoreMenu({ items }: { items: MenuItem[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    menu.current?.querySelector<HTMLButtonElement>('button')?.focus();
    const away = (e: PointerEvent) => {
      if (!menu.current?.contains(e.target as Node) && e.target !== trigger.current) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const close = () => {
    setOpen(false);
    trigger.current?.focus();
  };
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(menu.current?.querySelectorAll<HTMLButtonElement>('button') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (e.key === 'Escape') {
      e.stopPropagation();
      close();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      buttons[(at + (e.key === 'ArrowDown' ? 1 : buttons.length - 1)) % buttons.length]?.focus();
    }
  };
  return (
    <div className={styles.more}>
      <button
        ref={trigger}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        data-testid="more-menu"
      >
        {t('More')} ▾
      </button>
      {open && (
        <div ref={menu} role="menu" className={styles.menu} onKeyDown={onKey}>
          {items.map((item) => (
            <button
              key={item.label}
              type="button"
              role="menuitem"
              data-testid={item.testId}
              onClick={() => {
                // the focus goes back to "More" first: a dialog the item opens gives it back there
                close();
                item.run();
              }}
            >
              {item.label}
            </button>
          ))}
        </div>
      )}
    </div>
  );
}
