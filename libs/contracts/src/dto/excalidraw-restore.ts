/**
 * Restores Excalidraw scenes and libraries the way the Excalidraw editor does when it opens a file
 * (its `restoreElements`/`restoreLibraryItems`): missing fields get Excalidraw's defaults, legacy
 * fields are migrated, and elements that cannot be drawn are dropped instead of refusing the file.
 *
 * Excalidraw's own helpers cannot run on the server: the package is ES modules importing
 * extension-less paths that Node does not resolve, and loading it touches `window` and `document`.
 * This module mirrors their defaults with no dependency, so the services and the browser share it.
 */
import { isSafeLink } from '../safe-link';

export const EXCALIDRAW_ELEMENT_TYPES = [
  'rectangle',
  'diamond',
  'ellipse',
  'arrow',
  'line',
  'freedraw',
  'text',
  'image',
  'frame',
  'magicframe',
  'embeddable',
  'iframe',
  'selection',
] as const;

type Raw = Record<string, unknown>;
export type RestoredElement = Raw & {
  id: string;
  type: Exclude<(typeof EXCALIDRAW_ELEMENT_TYPES)[number], 'selection'>;
  version: number;
  versionNonce: number;
  isDeleted: boolean;
  x: number;
  y: number;
  width: number;
  height: number;
  fileId?: string | null;
  link?: string | null;
};

/** Excalidraw's font families by name (legacy `font: "20px Virgil"` elements). */
const FONT_FAMILY: Record<string, number> = {
  Virgil: 1,
  Helvetica: 2,
  Cascadia: 3,
  Excalifont: 5,
  Nunito: 6,
  'Lilita One': 7,
  'Comic Shanns': 8,
  'Liberation Sans': 9,
};
const DEFAULT_FONT_FAMILY = FONT_FAMILY.Excalifont;
const LINE_HEIGHT: Record<number, number> = { 2: 1.15, 3: 1.2 };
const ROUNDNESS = { LEGACY: 1, PROPORTIONAL_RADIUS: 2, ADAPTIVE_RADIUS: 3 };
/** Shapes whose corners Excalidraw rounds by a radius of their own size (the rest proportionally). */
const ADAPTIVE_RADIUS_TYPES = new Set(['rectangle', 'embeddable', 'iframe', 'image']);
const DRAWABLE = new Set<string>(EXCALIDRAW_ELEMENT_TYPES.filter((t) => t !== 'selection'));

const isObject = (v: unknown): v is Raw => typeof v === 'object' && v !== null && !Array.isArray(v);
const finite = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const num = (v: unknown, fallback: number) => (finite(v) ? v : fallback);
const str = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
const isPoint = (p: unknown): p is [number, number] => Array.isArray(p) && p.length >= 2 && finite(p[0]) && finite(p[1]);

const ID_CHARS = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-';
/** A random element id like Excalidraw's (21 URL-safe characters). */
export function randomElementId(): string {
  const bytes = new Uint8Array(21);
  globalThis.crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => ID_CHARS[b & 63]).join('');
}

/** Links may not carry script: only what `isSafeLink` accepts is kept. */
export function safeElementLink(link: unknown): string | null {
  if (typeof link !== 'string') return null;
  const l = link.trim();
  if (!l || l.length > 2048) return null;
  return isSafeLink(l) ? l : null;
}

const integer = (v: unknown, fallback: number) => (finite(v) && Number.isInteger(v) ? v : fallback);

function restoreBinding(binding: unknown, elbowed: boolean) {
  if (!isObject(binding) || typeof binding.elementId !== 'string') return null;
  const focus = num(binding.focus, 0);
  if (elbowed) {
    const fixed = Array.isArray(binding.fixedPoint) && isPoint(binding.fixedPoint) ? binding.fixedPoint : null;
    return fixed ? { ...binding, focus, fixedPoint: [fixed[0], fixed[1]] } : null;
  }
  return { ...binding, focus, gap: num(binding.gap, 0) };
}

/** Width, height and origin of a linear element from its points (its first point at 0,0). */
function linearGeometry(el: Raw, x: number, y: number) {
  let points: [number, number][] =
    Array.isArray(el.points) && el.points.length >= 2 && el.points.every(isPoint)
      ? el.points.map((p) => [p[0], p[1]])
      : [
          [0, 0],
          [num(el.width, 0), num(el.height, 0)],
        ];
  const [ox, oy] = points[0];
  if (ox !== 0 || oy !== 0) {
    points = points.map(([px, py]) => [px - ox, py - oy]);
    x += ox;
    y += oy;
  }
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  return { points, x, y, width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

function base(el: Raw, now: number): RestoredElement {
  const type = el.type as RestoredElement['type'];
  const sharp = el.strokeSharpness === 'round';
  // Fields of old files are left out by destructuring, not `delete`: an object that loses a
  // property turns slow for every later read and copy (a third of the time of a large scene).
  const { boundElementIds: _ids, strokeSharpness: _sharpness, ...kept } = el;
  const restored: RestoredElement = {
    ...kept,
    type,
    // every element has version > 0, so that the scene version notices new ones
    version: integer(el.version, 0) > 0 ? (el.version as number) : 1,
    versionNonce: integer(el.versionNonce, 0),
    index: typeof el.index === 'string' ? el.index : null,
    isDeleted: typeof el.isDeleted === 'boolean' ? el.isDeleted : false,
    id: typeof el.id === 'string' && el.id && el.id.length <= 200 ? el.id : randomElementId(),
    fillStyle: str(el.fillStyle, 'solid'),
    strokeWidth: num(el.strokeWidth, 0) || 2,
    strokeStyle: str(el.strokeStyle, 'solid'),
    roughness: num(el.roughness, 1),
    opacity: num(el.opacity, 100),
    angle: num(el.angle, 0),
    x: num(el.x, 0),
    y: num(el.y, 0),
    strokeColor: str(el.strokeColor, '#1e1e1e'),
    backgroundColor: str(el.backgroundColor, 'transparent'),
    width: num(el.width, 0),
    height: num(el.height, 0),
    seed: integer(el.seed, 1),
    groupIds: Array.isArray(el.groupIds) ? el.groupIds.filter((g) => typeof g === 'string') : [],
    frameId: typeof el.frameId === 'string' ? el.frameId : null,
    roundness: isObject(el.roundness)
      ? el.roundness
      : sharp
        ? { type: ADAPTIVE_RADIUS_TYPES.has(type) ? ROUNDNESS.LEGACY : ROUNDNESS.PROPORTIONAL_RADIUS }
        : null,
    boundElements: Array.isArray(el.boundElementIds)
      ? el.boundElementIds.filter((id) => typeof id === 'string').map((id) => ({ type: 'arrow', id }))
      : Array.isArray(el.boundElements)
        ? el.boundElements.filter((b) => isObject(b) && typeof b.id === 'string')
        : [],
    updated: num(el.updated, now),
    link: safeElementLink(el.link),
    locked: typeof el.locked === 'boolean' ? el.locked : false,
  };
  return restored;
}

/** A box drawn from its far corner has a negative size: Excalidraw keeps sizes positive. */
function normalizeBox(el: RestoredElement): RestoredElement {
  if (el.width < 0) {
    el.x += el.width;
    el.width = -el.width;
  }
  if (el.height < 0) {
    el.y += el.height;
    el.height = -el.height;
  }
  return el;
}

/** A text element; `font` is the CSS font shorthand of old files ("20px Virgil"). */
function restoreText(el: Raw, font: unknown, now: number): RestoredElement {
  let fontSize = num(el.fontSize, 20);
  let fontFamily = integer(el.fontFamily, DEFAULT_FONT_FAMILY);
  if (typeof font === 'string') {
    const [px, ...name] = font.split(' ');
    fontSize = num(parseFloat(px), fontSize);
    fontFamily = FONT_FAMILY[name.join(' ')] ?? DEFAULT_FONT_FAMILY;
  }
  const text = typeof el.text === 'string' ? el.text : '';
  const lines = Math.max(1, text.split('\n').length);
  const height = num(el.height, 0);
  const lineHeight = finite(el.lineHeight) && el.lineHeight > 0 ? el.lineHeight : height ? height / lines / fontSize : (LINE_HEIGHT[fontFamily] ?? 1.25);
  const restored = normalizeBox({
    ...base(el, now),
    fontSize,
    fontFamily,
    text,
    textAlign: str(el.textAlign, 'left'),
    verticalAlign: str(el.verticalAlign, 'top'),
    containerId: typeof el.containerId === 'string' ? el.containerId : null,
    originalText: typeof el.originalText === 'string' && el.originalText ? el.originalText : text,
    autoResize: typeof el.autoResize === 'boolean' ? el.autoResize : true,
    lineHeight,
  });
  // empty text is deleted, as Excalidraw does (a new version so that merges see it)
  if (!text && !restored.isDeleted) return { ...restored, isDeleted: true, version: restored.version + 1 };
  return restored;
}

/** One element as Excalidraw restores it, or null when it cannot be drawn. */
export function restoreElement(input: unknown, now = Date.now()): RestoredElement | null {
  if (!isObject(input) || typeof input.type !== 'string') return null;
  const type = input.type === 'draw' ? 'line' : input.type;
  if (!DRAWABLE.has(type)) return null;
  if (type === 'text') {
    // `rawText` and `font` of old files are replaced below (see `base` on leaving fields out)
    const { rawText: _raw, font, ...rest } = input;
    return restoreText({ ...rest, type }, font, now);
  }
  const el: Raw = { ...input, type };
  switch (el.type) {
    case 'freedraw': {
      if (!Array.isArray(el.points) || !el.points.every(isPoint)) return null;
      return {
        ...base(el, now),
        points: el.points.map((p) => [p[0], p[1]]),
        pressures: Array.isArray(el.pressures) ? el.pressures.filter(finite) : [],
        simulatePressure: typeof el.simulatePressure === 'boolean' ? el.simulatePressure : true,
        lastCommittedPoint: null,
      };
    }
    case 'image':
      return normalizeBox({
        ...base(el, now),
        status: el.status === 'saved' || el.status === 'error' ? el.status : 'pending',
        fileId: typeof el.fileId === 'string' && el.fileId.length <= 200 ? el.fileId : null,
        scale: Array.isArray(el.scale) && isPoint(el.scale) ? [el.scale[0], el.scale[1]] : [1, 1],
        crop: isObject(el.crop) ? el.crop : null,
      });
    case 'line':
    case 'arrow': {
      const restored = base(el, now);
      const elbowed = el.type === 'arrow' && el.elbowed === true;
      const geometry = linearGeometry(el, restored.x, restored.y);
      return {
        ...restored,
        ...geometry,
        startBinding: restoreBinding(el.startBinding, elbowed),
        endBinding: restoreBinding(el.endBinding, elbowed),
        startArrowhead: typeof el.startArrowhead === 'string' ? el.startArrowhead : null,
        endArrowhead: typeof el.endArrowhead === 'string' || el.endArrowhead === null ? el.endArrowhead : el.type === 'arrow' ? 'arrow' : null,
        lastCommittedPoint: null,
        ...(el.type === 'arrow' ? { elbowed } : {}),
      };
    }
    case 'frame':
    case 'magicframe':
      return normalizeBox({ ...base(el, now), name: typeof el.name === 'string' ? el.name : null });
    default:
      return normalizeBox(base(el, now));
  }
}

/** Excalidraw drops elements too small to see or pick: lines of one point, boxes of no size. */
function invisiblySmall(el: Raw): boolean {
  if (el.type === 'line' || el.type === 'arrow' || el.type === 'freedraw' || el.type === 'draw') {
    return Array.isArray(el.points) && el.points.length < 2;
  }
  return el.width === 0 && el.height === 0;
}

/**
 * A scene's elements as Excalidraw restores them when it opens a file: invalid ones dropped,
 * missing fields filled, ids made unique, and references to elements that are not there
 * (text containers, frames, arrow bindings, bound elements) removed.
 */
export function restoreElements(input: unknown, now = Date.now()): RestoredElement[] {
  if (!Array.isArray(input)) return [];
  const seen = new Set<string>();
  const out: RestoredElement[] = [];
  for (const raw of input) {
    if (!isObject(raw) || raw.type === 'selection' || invisiblySmall(raw)) continue;
    const el = restoreElement(raw, now);
    if (!el) continue;
    if (seen.has(el.id)) el.id = randomElementId();
    seen.add(el.id);
    out.push(el);
  }
  const byId = new Map(out.map((e) => [e.id, e]));
  for (const el of out) {
    if (typeof el.frameId === 'string' && !byId.has(el.frameId)) el.frameId = null;
    if (el.type === 'text' && typeof el.containerId === 'string') {
      const container = byId.get(el.containerId);
      if (!container) el.containerId = null;
      else if (!el.isDeleted) {
        const bound = (container.boundElements as { id: string }[] | null) ?? [];
        if (!bound.some((b) => b.id === el.id)) container.boundElements = [...bound, { type: 'text', id: el.id }];
      }
    }
    if (Array.isArray(el.boundElements)) {
      const ids = new Set<string>();
      el.boundElements = (el.boundElements as { id: string }[]).filter((b) => {
        const target = byId.get(b.id);
        if (!target || target.isDeleted || ids.has(b.id)) return false;
        ids.add(b.id);
        return true;
      });
    }
    if (el.type === 'line' || el.type === 'arrow') {
      for (const key of ['startBinding', 'endBinding'] as const) {
        const binding = el[key] as { elementId: string } | null;
        if (binding && (el.type !== 'arrow' || !byId.has(binding.elementId))) el[key] = null;
      }
    }
  }
  return out;
}

/** The canvas settings a project keeps, each only when it has a value Excalidraw accepts. */
export function restoreAppState(input: unknown): {
  viewBackgroundColor?: string;
  gridSize?: number | null;
  gridStep?: number | null;
  gridModeEnabled?: boolean;
  theme?: 'light' | 'dark';
} {
  if (!isObject(input)) return {};
  const out: ReturnType<typeof restoreAppState> = {};
  if (typeof input.viewBackgroundColor === 'string' && input.viewBackgroundColor.length <= 64) out.viewBackgroundColor = input.viewBackgroundColor;
  for (const key of ['gridSize', 'gridStep'] as const) {
    const v = input[key];
    if (v === null || (finite(v) && v >= 0 && v <= 1000)) out[key] = v;
  }
  if (typeof input.gridModeEnabled === 'boolean') out.gridModeEnabled = input.gridModeEnabled;
  if (input.theme === 'light' || input.theme === 'dark') out.theme = input.theme;
  return out;
}

/** An image embedded in an `.excalidraw` file (`files[id]`). */
export interface EmbeddedImage {
  id: string;
  mimeType: string;
  dataURL: string;
  created?: number;
}

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)(;[\w=.+-]+)*;base64,([A-Za-z0-9+/=\s]*)$/;

/** The bytes and type of a base64 data URL, or null when it is not one. */
export function parseDataUrl(dataURL: string): { mimeType: string; base64: string } | null {
  const m = DATA_URL.exec(dataURL);
  return m ? { mimeType: m[1].toLowerCase(), base64: m[3].replace(/\s+/g, '') } : null;
}

export interface ExcalidrawFile {
  elements: RestoredElement[];
  appState: ReturnType<typeof restoreAppState>;
  /** Embedded images used by the (not deleted) image elements, by Excalidraw file id. */
  files: Record<string, EmbeddedImage>;
}

/**
 * An `.excalidraw` file as excalidraw.com saves it (`{type: "excalidraw", version, source,
 * elements, appState, files}`), restored; null when the text is not an Excalidraw scene. A bare
 * `{elements: [...]}` (clipboard data, older files) is taken too.
 */
export function parseExcalidrawFile(text: string, now = Date.now()): ExcalidrawFile | null {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!isObject(data) || !Array.isArray(data.elements)) return null;
  if (data.type !== undefined && data.type !== 'excalidraw' && data.type !== 'excalidraw/clipboard') return null;
  const elements = restoreElements(data.elements, now);
  const used = new Set(elements.filter((e) => e.type === 'image' && !e.isDeleted && e.fileId).map((e) => e.fileId as string));
  const files: Record<string, EmbeddedImage> = {};
  if (isObject(data.files)) {
    for (const [key, f] of Object.entries(data.files)) {
      if (!isObject(f) || typeof f.dataURL !== 'string') continue;
      const id = typeof f.id === 'string' && f.id ? f.id : key;
      if (!used.has(id)) continue;
      const parsed = parseDataUrl(f.dataURL);
      if (!parsed) continue;
      files[id] = { id, mimeType: typeof f.mimeType === 'string' ? f.mimeType : parsed.mimeType, dataURL: f.dataURL, created: num(f.created, now) };
    }
  }
  return { elements, appState: restoreAppState(data.appState), files };
}

export interface RestoredLibraryItem {
  id: string;
  status: 'published' | 'unpublished';
  created: number;
  name?: string;
  elements: RestoredElement[];
}

/**
 * The items of an `.excalidrawlib` file, restored: version 1 (`library: [[...elements]]`) and
 * version 2 (`libraryItems: [{id, status, elements}]`). Deleted elements are left out and items
 * left empty are dropped. Null when the text is not an Excalidraw library.
 */
export function parseExcalidrawLibrary(text: string, now = Date.now()): RestoredLibraryItem[] | null {
  let data: unknown;
  try {
    data = JSON.parse(text.replace(/^\uFEFF/, ''));
  } catch {
    return null;
  }
  if (!isObject(data) || (data.type !== undefined && data.type !== 'excalidrawlib')) return null;
  const items = Array.isArray(data.libraryItems) ? data.libraryItems : Array.isArray(data.library) ? data.library : null;
  if (!items) return null;
  const out: RestoredLibraryItem[] = [];
  for (const item of items) {
    const raw = Array.isArray(item) ? { elements: item } : isObject(item) ? item : null;
    if (!raw || !Array.isArray(raw.elements)) continue;
    const elements = restoreElements(
      raw.elements.filter((e) => !(isObject(e) && e.isDeleted === true)),
      now,
    ).filter((e) => !e.isDeleted);
    if (!elements.length) continue;
    out.push({
      id: typeof raw.id === 'string' && raw.id ? raw.id : randomElementId(),
      status: raw.status === 'published' ? 'published' : 'unpublished',
      created: num(raw.created, now),
      ...(typeof raw.name === 'string' ? { name: raw.name } : {}),
      elements,
    });
  }
  return out;
}
