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
import { readToken } from '../auth/storage';
import { ApiError, fetchDataUrl, isNetworkError, signedInCall } from './http';
import { readImage, readLocalProject, removeLocalProject, writeImage, writeLocalProject, type LocalProject } from './offline-store';
import { HistoryModal } from './HistoryModal';
import { PublishModal, ShareModal, StatisticModal, SubmitTemplateModal } from './ProjectModals';
import type { SceneElements } from './scene-types';
import { ProjectSync, type SaveStatus } from './sync';
import { loadCanvasModule, useCanvasModule } from './useCanvasModule';

type Loaded = { local: LocalProject; publicId: string | null; images: Record<string, string>; offline: boolean; role: ProjectRole };

const STATUS_TEXT: Record<SaveStatus, string> = { saved: 'Saved', saving: 'Saving…', offline: 'Offline – saved on this device', error: 'Not saved' };

type Fetched = { ok: true; project: Project } | { ok: false; error: unknown };

/** The server's copy and this device's copy of a project, asked for at the same time. */
function fetchProject(id: string): Promise<[LocalProject | undefined, Fetched]> {
  return Promise.all([
    readLocalProject(id),
    signedInCall<Project>('GET', `/projects/${id}`).then(
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
    if (isNetworkError(err)) throw new Error('You are offline and this project was not opened on this device before.');
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

/** `/projects/:id`: the editor with autosave, offline copy, export, publishing, sharing and templates. */
export function EditorPage() {
  const { id = '' } = useParams();
  const { loggedIn, ready } = useRequireAuth();
  const { mod, error: modError } = useCanvasModule();
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [status, setStatus] = useState<{ status: SaveStatus; message?: string }>({ status: 'saved' });
  const [title, setTitle] = useState('');
  const [publicId, setPublicId] = useState<string | null>(null);
  const [modal, setModal] = useState<'publish' | 'share' | 'template' | 'stats' | 'history' | null>(null);
  const [reloads, setReloads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [count, setCount] = useState(0);
  const apiRef = useRef<CanvasApi | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const navigate = useNavigate();
  const syncRef = useRef<ProjectSync | null>(null);

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
        setStatus({ status: l.offline ? 'offline' : l.local.dirty ? 'saving' : 'saved' });
      },
      (err: Error) => live && setFailure(err instanceof ApiError && err.statusCode === 404 ? 'Project not found' : err.message),
    );
    return () => {
      live = false;
    };
  }, [id, ready, loggedIn, early, reloads]);

  useEffect(() => () => syncRef.current?.dispose(), []);

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
        (s, message) => setStatus({ status: s, message }),
      );
    },
    [loaded, mod],
  );

  // Excalidraw reports every change, scrolling and zooming included (elements are often changed in
  // place, so the list itself may be the same): only a new scene version matters here.
  const lastVersion = useRef(-1);
  const onChange = useCallback(
    (elements: SceneElements) => {
      const version = mod ? mod.sceneVersion(elements) : -1;
      if (version !== -1 && version === lastVersion.current) return;
      lastVersion.current = version;
      syncRef.current?.changed(elements);
      setCount(elements.filter((e) => !e.isDeleted).length);
    },
    [mod],
  );

  const canvas = useMemo(() => {
    if (!mod || !loaded) return null;
    const View = mod.default;
    return <View scene={loaded.local.scene} images={loaded.images} onReady={onReady} onChange={onChange} />;
  }, [mod, loaded, onReady, onChange]);

  async function doExport(kind: 'png' | 'svg' | 'clipboard') {
    const problem = await exportImage(apiRef.current, kind, title);
    setNotice(problem ?? (kind === 'clipboard' ? 'Image copied to the clipboard' : null));
  }

  /** An `.excalidraw` file opens as a new project; an `.excalidrawlib` file adds to the library. */
  async function openFile(file: File | undefined) {
    if (!file) return;
    setNotice(null);
    try {
      if (isLibraryFile(file)) {
        const problem = mod && apiRef.current ? await mod.importLibrary(apiRef.current, file) : Messages.imageLibraryNotLoaded;
        setNotice(problem ?? 'Library items added');
      } else navigate(`/projects/${await importProjectFile(file)}`);
    } catch (err) {
      setNotice((err as Error).message);
    }
  }

  const snapshot = async () => (mod && apiRef.current ? mod.snapshotSvgText(apiRef.current) : null);

  if (failure || modError) {
    return (
      <div className={styles.center}>
        <h1>Cannot open this project</h1>
        <p className={styles.error}>{failure ?? Messages.imageLibraryNotLoaded}</p>
      </div>
    );
  }
  return (
    <div className={styles.editor} data-testid="editor" data-save-status={status.status} data-element-count={count}>
      <div className={styles.toolbar}>
        <input
          className={styles.title}
          aria-label="Project title"
          value={title}
          maxLength={200}
          onChange={(e) => setTitle(e.target.value)}
          onBlur={() => title.trim() && title !== syncRef.current?.title && syncRef.current?.rename(title.trim())}
          onKeyDown={(e) => e.key === 'Enter' && e.currentTarget.blur()}
        />
        <span className={styles.status} data-status={status.status} data-testid="save-status" title={status.message}>
          {status.status === 'error' && status.message ? status.message : STATUS_TEXT[status.status]}
        </span>
        <span className={styles.spacer} />
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
        {/* The actions used now and then live in one menu, so the toolbar stays one row on a phone. */}
        <MoreMenu
          items={[
            { label: 'Open file…', testId: 'open-file', run: () => fileInput.current?.click() },
            { label: 'Save as .excalidraw', testId: 'save-excalidraw', run: () => setNotice(exportExcalidrawFile(apiRef.current, title)) },
            { label: 'Export PNG', run: () => void doExport('png') },
            { label: 'Export SVG', run: () => void doExport('svg') },
            { label: 'Copy image', run: () => void doExport('clipboard') },
            { label: 'History', testId: 'history-button', run: () => setModal('history') },
            { label: 'Submit as template', run: () => setModal('template') },
          ]}
        />
        <button type="button" className={styles.button} onClick={() => setModal('share')}>
          Share
        </button>
        {publicId && (
          <button type="button" className={styles.button} onClick={() => setModal('stats')}>
            Statistics
          </button>
        )}
        <button type="button" className={`${styles.button} ${styles.primary}`} onClick={() => setModal('publish')} data-testid="publish-button">
          {publicId ? 'Published' : 'Publish'}
        </button>
      </div>
      {notice && (
        <div className={styles.notice} role="status">
          {notice}
        </div>
      )}
      <div className={styles.canvas}>{canvas ?? <p className={styles.center}>Loading the editor…</p>}</div>
      {modal === 'publish' && (
        <PublishModal projectId={id} title={title} publicId={publicId} snapshot={snapshot} onChange={setPublicId} onClose={() => setModal(null)} />
      )}
      {modal === 'history' && (
        <HistoryModal
          projectId={id}
          canRestore={loaded?.role !== 'viewer'}
          onRestored={() => {
            // the editor reopens the project from the server: the restored elements are newer than these
            syncRef.current?.dispose();
            syncRef.current = null;
            apiRef.current = null;
            setModal(null);
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


interface MenuItem {
  label: string;
  testId?: string;
  run: () => void;
}

/** "More": a menu button (Escape or a click elsewhere closes it, focus goes back to the button). */
function MoreMenu({ items }: { items: MenuItem[] }) {
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
        More ▾
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
                setOpen(false);
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
