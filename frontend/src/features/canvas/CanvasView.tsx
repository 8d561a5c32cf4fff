import './excalidraw-setup';
import '@excalidraw/excalidraw/index.css';
import './excalidraw-overrides.css';
import {
  CaptureUpdateAction,
  Excalidraw,
  exportToBlob,
  exportToSvg,
  getCommonBounds,
  getSceneVersion,
  MainMenu,
  reconcileElements,
  restoreElements,
  serializeAsJSON,
  useHandleLibrary,
} from '@excalidraw/excalidraw';
import type { LibraryPersistenceAdapter } from '@excalidraw/excalidraw/data/library';
import type { BinaryFileData, BinaryFiles, ExcalidrawImperativeAPI } from '@excalidraw/excalidraw/types';
import { parseExcalidrawLibrary, PublishMessages, SNAPSHOT_MAX_BYTES, type Scene } from '@visualnotes/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/i18n';
import { inBoardOrder } from './editor/remote-changes';
import { readLibrary, writeLibrary } from './offline-store';
import type { SceneElements } from './scene-types';

export type CanvasApi = ExcalidrawImperativeAPI;

export interface CanvasViewProps {
  scene: Scene;
  readOnly?: boolean;
  /** Data URLs of the scene's images, by Excalidraw file id. */
  images?: Record<string, string>;
  onReady?: (api: CanvasApi) => void;
  onChange?: (elements: SceneElements, files: Record<string, { id: string; dataURL: string; mimeType: string; created?: number }>) => void;
  theme?: 'light' | 'dark';
  /** The pointer moved (for the cursors others see). */
  onPointerUpdate?: (pointer: { x: number; y: number; tool: 'pointer' | 'laser' }, button: 'up' | 'down') => void;
  /** Others have the project open: Excalidraw shows their avatars. */
  collaborating?: boolean;
  /**
   * Excalidraw's own "Open" (Ctrl+O), which replaces the drawing in place (default: when editable).
   * Off in projects: there a file opens as a new project, and the live channel would not learn
   * which elements the replaced drawing took away.
   */
  loadScene?: boolean;
  /** An element's link is being opened: `preventDefault()` keeps the browser from following it. */
  onLinkOpen?: (link: string, event: { preventDefault(): void }) => void;
}

/**
 * The images as Excalidraw keeps them. The type is read from the data URL itself (what the browser
 * will decode), falling back to the one the scene recorded.
 */
function binaryFiles(scene: Scene, images: Record<string, string> | undefined): BinaryFileData[] {
  return Object.entries(images ?? {}).map(([id, dataURL]) => ({
    id: id as BinaryFileData['id'],
    dataURL: dataURL as BinaryFileData['dataURL'],
    mimeType: (/^data:([^;,]+)/.exec(dataURL)?.[1] ?? scene.files?.[id]?.mimeType ?? 'image/png') as BinaryFileData['mimeType'],
    created: scene.files?.[id]?.created ?? Date.now(),
  }));
}

/** The user's Excalidraw library (shapes kept for reuse), on this device. */
const libraryAdapter: LibraryPersistenceAdapter = {
  load: async () => ({ libraryItems: ((await readLibrary()) ?? []) as never }),
  save: async ({ libraryItems }) => writeLibrary(libraryItems as unknown[]),
};

/** The Excalidraw editor (or read-only viewer). Lives in its own chunk: only canvas pages load it. */
export default function CanvasView({
  scene,
  readOnly,
  images,
  onReady,
  onChange,
  onPointerUpdate,
  collaborating,
  loadScene = !readOnly,
  onLinkOpen,
}: CanvasViewProps) {
  const { t, i18n } = useTranslation();
  const root = useRef<HTMLDivElement>(null);
  // Excalidraw hands its API over while it is being constructed (after a language chunk loads);
  // kept in state so that images arriving before or after that both reach it.
  const [api, setApi] = useState<CanvasApi | null>(null);
  const first = useRef(images);
  // The images known when the editor opens go in with the scene (Excalidraw adds and decodes them
  // as it loads the elements); later ones are added through the API.
  const initialData = useMemo(
    () => ({
      elements: scene.elements as never,
      appState: { viewBackgroundColor: scene.appState?.viewBackgroundColor ?? '#ffffff' },
      files: Object.fromEntries(binaryFiles(scene, first.current).map((f) => [f.id, f])) as BinaryFiles,
      scrollToContent: true,
    }),
    [scene],
  );
  useEffect(() => {
    if (!api || !images) return;
    const known = api.getFiles();
    const files = binaryFiles(scene, images).filter((f) => !known[f.id]);
    if (files.length) api.addFiles(files);
  }, [api, images, scene]);
  useHandleLibrary(readOnly ? { excalidrawAPI: null } : { excalidrawAPI: api, adapter: libraryAdapter });
  // A viewer (published or shared canvas, a version's preview) shows the whole drawing, however
  // narrow the screen, and again after the window is resized or turned; a small drawing is shown
  // at its own size (100%), not blown up to fill the screen.
  useEffect(() => {
    if (!api || !readOnly) return;
    const fit = () => {
      const elements = api.getSceneElements();
      // On a phone Excalidraw keeps a bar at the bottom of the screen: leave room for it.
      const factor = window.innerWidth < 730 ? 0.8 : 0.9;
      if (elements.length) api.scrollToContent(elements, { fitToViewport: true, viewportZoomFactor: factor, maxZoom: 1, animate: false });
    };
    const frame = requestAnimationFrame(fit);
    // After Excalidraw has taken the new size itself (it listens to the same event).
    let later: ReturnType<typeof setTimeout> | undefined;
    const onResize = () => {
      clearTimeout(later);
      later = setTimeout(fit, 200);
    };
    window.addEventListener('resize', onResize);
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(later);
      window.removeEventListener('resize', onResize);
    };
  }, [api, readOnly]);

  // Excalidraw's menu button shows only an icon: it gets a name for screen readers
  useEffect(() => {
    const name = t('Menu');
    const label = () => root.current?.querySelector('[data-testid="main-menu-trigger"]:not([aria-label])')?.setAttribute('aria-label', name);
    label();
    if (!root.current) return;
    const observer = new MutationObserver(label);
    observer.observe(root.current, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [t]);

  return (
    <div ref={root} style={{ display: 'contents' }}>
      <Excalidraw
        // Excalidraw restores (fills in) the elements itself; restoring here as well would do it twice.
        initialData={initialData}
        viewModeEnabled={readOnly}
        // The editor fills the page: its shortcuts (r, o, t, …) work without clicking the canvas first;
        // Excalidraw ignores keys typed in inputs, so the title field and dialogs are unaffected.
        handleKeyboardGlobally={!readOnly}
        // the editor's own menus and tooltips in the UI language (Excalidraw ships zh-CN)
        langCode={i18n.language}
        autoFocus={!readOnly}
        excalidrawAPI={(next) => {
          queueMicrotask(() => setApi(next));
          onReady?.(next);
        }}
        onChange={(elements, _appState, files) => onChange?.(elements, files)}
        onPointerUpdate={onPointerUpdate ? ({ pointer, button }) => onPointerUpdate(pointer, button) : undefined}
        isCollaborating={collaborating}
        onLinkOpen={onLinkOpen ? (element, event) => onLinkOpen(element.link ?? '', event) : undefined}
        UIOptions={{ canvasActions: { loadScene: loadScene && !readOnly, saveToActiveFile: false, export: false, saveAsImage: false } }}
      >
        {/* Excalidraw's own menu without its links to Excalidraw's social accounts */}
        <MainMenu>
          <MainMenu.DefaultItems.LoadScene />
          <MainMenu.DefaultItems.SearchMenu />
          <MainMenu.DefaultItems.Help />
          <MainMenu.DefaultItems.ClearCanvas />
          <MainMenu.Separator />
          <MainMenu.DefaultItems.ToggleTheme />
          <MainMenu.DefaultItems.ChangeCanvasBackground />
        </MainMenu>
      </Excalidraw>
    </div>
  );
}

/** The open scene as an `.excalidraw` file, images embedded (opens in excalidraw.com and here). */
export function exportExcalidrawText(api: CanvasApi): string {
  return serializeAsJSON(api.getSceneElements(), api.getAppState(), api.getFiles(), 'local');
}

/** Adds the items of an `.excalidrawlib` file to the user's library; answers a problem or null. */
export async function importLibrary(api: CanvasApi, file: Blob): Promise<string | null> {
  const items = parseExcalidrawLibrary(await file.text());
  if (!items) return PublishMessages.libraryInvalid;
  await api.updateLibrary({ libraryItems: items as never, merge: true, openLibraryMenu: true });
  return null;
}

/**
 * Merges a remote scene into the open one, element by element (the higher version wins). The
 * remote elements are put in their board order first: Excalidraw gives an element that is out of
 * order among those it restores a new order key and a new version, and that new version, saved
 * from here, would win over a real change someone else made to it meanwhile.
 */
export function mergeInto(api: CanvasApi, remote: SceneElements): SceneElements {
  const local = api.getSceneElementsIncludingDeleted();
  const merged = reconcileElements(
    local,
    restoreElements(inBoardOrder(remote as unknown as { index?: string | null }[]) as never, null) as never,
    api.getAppState(),
  );
  api.updateScene({ elements: merged, captureUpdate: CaptureUpdateAction.NEVER });
  return merged;
}

/** A collaborator as Excalidraw draws them: cursor, name, colour and selection. */
export interface CursorState {
  name: string;
  color: string;
  /** The person's account id: Excalidraw colours a collaborator by it (see `liveColor`). */
  userId?: string;
  pointer?: { x: number; y: number; tool?: 'pointer' | 'laser' } | null;
  button?: 'up' | 'down';
  selected?: string[];
}

/** Shows the others' cursors, names and selections (`collaborators` of the scene, by connection id). */
export function showCollaborators(api: CanvasApi, cursors: Map<string, CursorState>) {
  const collaborators = new Map(
    [...cursors].map(([id, c]) => [
      id,
      {
        id: c.userId ?? id,
        socketId: id,
        username: c.name,
        color: { background: c.color, stroke: c.color },
        pointer: c.pointer ? { x: c.pointer.x, y: c.pointer.y, tool: c.pointer.tool ?? 'pointer' } : undefined,
        button: c.button,
        selectedElementIds: Object.fromEntries((c.selected ?? []).map((s) => [s, true])),
      },
    ]),
  );
  api.updateScene({ collaborators: collaborators as never, captureUpdate: CaptureUpdateAction.NEVER });
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

const area = (b: Box) => Math.max(0, b.right - b.left) * Math.max(0, b.bottom - b.top);

/** Where the editor looks: its scroll and zoom. */
export type CanvasViewport = Pick<ReturnType<CanvasApi['getAppState']>, 'scrollX' | 'scrollY' | 'zoom'>;

export function viewportOf(api: CanvasApi): CanvasViewport {
  const { scrollX, scrollY, zoom } = api.getAppState();
  return { scrollX, scrollY, zoom };
}

export const setViewport = (api: CanvasApi, viewport: CanvasViewport) => api.updateScene({ appState: viewport, captureUpdate: CaptureUpdateAction.NEVER });

/**
 * Seen from `from`, when `cover` (a dialog, in viewport pixels) hides part of the drawing, the view
 * moves so that the drawing sits in the largest part of the editor left free, zoomed out if it would
 * not fit there; otherwise it stays at (or goes back to) `from`. (The app state is read only for the
 * editor's place on the page: a view just set may not be in it yet.)
 */
export function showDrawingBeside(api: CanvasApi, cover: Box, from: CanvasViewport): void {
  const elements = api.getSceneElements();
  const { offsetLeft, offsetTop, width, height } = api.getAppState();
  const { scrollX, scrollY, zoom } = from;
  if (!elements.length) return setViewport(api, from);
  const [x1, y1, x2, y2] = getCommonBounds(elements);
  // scene to viewport: (scene + scroll) × zoom + the editor's offset
  const view = { left: offsetLeft, top: offsetTop, right: offsetLeft + width, bottom: offsetTop + height };
  const drawing = {
    left: Math.max(view.left, (x1 + scrollX) * zoom.value + offsetLeft),
    top: Math.max(view.top, (y1 + scrollY) * zoom.value + offsetTop),
    right: Math.min(view.right, (x2 + scrollX) * zoom.value + offsetLeft),
    bottom: Math.min(view.bottom, (y2 + scrollY) * zoom.value + offsetTop),
  };
  const hidden = {
    left: Math.max(drawing.left, cover.left),
    top: Math.max(drawing.top, cover.top),
    right: Math.min(drawing.right, cover.right),
    bottom: Math.min(drawing.bottom, cover.bottom),
  };
  if (area(drawing) === 0 || area(hidden) === 0) return setViewport(api, from);
  const free = [
    { ...view, right: Math.min(view.right, cover.left) },
    { ...view, left: Math.max(view.left, cover.right) },
    { ...view, bottom: Math.min(view.bottom, cover.top) },
    { ...view, top: Math.max(view.top, cover.bottom) },
  ].reduce((a, b) => (area(b) > area(a) ? b : a));
  const margin = 16;
  const room = { width: free.right - free.left - 2 * margin, height: free.bottom - free.top - 2 * margin };
  // too little room to show anything: the view stays as it was
  if (room.width < 48 || room.height < 48) return setViewport(api, from);
  const value = Math.max(0.1, Math.min(zoom.value, room.width / Math.max(1, x2 - x1), room.height / Math.max(1, y2 - y1)));
  setViewport(api, {
    scrollX: ((free.left + free.right) / 2 - offsetLeft) / value - (x1 + x2) / 2,
    scrollY: ((free.top + free.bottom) / 2 - offsetTop) / value - (y1 + y2) / 2,
    zoom: { value: value as typeof zoom.value },
  });
}

/** Ids of the elements selected in the editor. */
export const selectedIds = (api: CanvasApi) => Object.keys(api.getAppState().selectedElementIds ?? {});

/** Merges two element lists without an open editor (offline copy + server copy). */
export function mergeElements(local: SceneElements, remote: SceneElements): SceneElements {
  const appState = { editingTextElement: null, newElement: null, resizingElement: null } as never;
  return reconcileElements(restoreElements(local as never, null), restoreElements(remote as never, null) as never, appState);
}

export const sceneVersion = (elements: SceneElements) => getSceneVersion(elements as never);

async function exportInput(api: CanvasApi) {
  return { elements: api.getSceneElements(), appState: { ...api.getAppState(), exportBackground: true }, files: api.getFiles() };
}

/** What a user exports carries the scene too, so the picture opens again as a project (as excalidraw.com's "Embed scene"). */
async function exportWithScene(api: CanvasApi) {
  const input = await exportInput(api);
  return { ...input, appState: { ...input.appState, exportEmbedScene: true } };
}

export async function exportPng(api: CanvasApi): Promise<Blob> {
  return exportToBlob({ ...(await exportWithScene(api)), mimeType: 'image/png' });
}

export async function exportSvgText(api: CanvasApi): Promise<string> {
  const svg = await exportToSvg({ ...(await exportWithScene(api)), exportPadding: 16 });
  return new XMLSerializer().serializeToString(svg);
}

/** An image re-encoded to fit in `maxSide` pixels (WebP where the browser can write it). */
async function shrinkImage(file: BinaryFileData, maxSide: number): Promise<BinaryFileData> {
  if (file.mimeType === 'image/svg+xml') return file;
  const img = new Image();
  img.src = file.dataURL;
  await img.decode();
  const scale = Math.min(1, maxSide / Math.max(img.naturalWidth, img.naturalHeight));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
  canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
  canvas.getContext('2d')!.drawImage(img, 0, 0, canvas.width, canvas.height);
  const dataURL = canvas.toDataURL('image/webp', 0.8);
  if (dataURL.length >= file.dataURL.length) return file;
  return {
    ...file,
    dataURL: dataURL as BinaryFileData['dataURL'],
    mimeType: (/^data:([^;,]+)/.exec(dataURL)?.[1] ?? 'image/png') as BinaryFileData['mimeType'],
  };
}

/**
 * The SVG snapshot published with a project: its images embedded as data URLs (a snapshot is shown
 * through <img>, where an SVG may load nothing else). When that is over the snapshot limit the
 * images are embedded smaller, step by step; only as a last resort are they left out.
 */
export async function snapshotSvgText(api: CanvasApi): Promise<string> {
  const input = await exportInput(api);
  const render = async (files: BinaryFiles) => new XMLSerializer().serializeToString(await exportToSvg({ ...input, files, exportPadding: 16 }));
  let svg = await render(input.files);
  for (const maxSide of [1600, 800, 400, 200]) {
    if (svg.length <= SNAPSHOT_MAX_BYTES) return svg;
    const smaller = await Promise.all(Object.values(input.files).map((f) => shrinkImage(f, maxSide).catch(() => f)));
    svg = await render(Object.fromEntries(smaller.map((f) => [f.id, f])));
  }
  return svg.length <= SNAPSHOT_MAX_BYTES ? svg : render({});
}
