import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createCanvas } from '@napi-rs/canvas';
import { JSDOM } from 'jsdom';

/**
 * Excalidraw's own exporter (`exportToSvg`, what the editor's SVG export and published snapshots are
 * drawn with) running in a worker thread under jsdom, so an export looks exactly like the board in
 * the editor, and has no browser canvas size limit. The package is bundled once into one CommonJS
 * file (scripts/bundle-renderer.mjs, run by the build; here when it is missing). Only for export
 * threads: it sets browser globals on the thread that loads it.
 */

/** One image of the scene, as Excalidraw's exporter takes it. */
export interface RenderFile {
  id: string;
  mimeType: string;
  dataURL: string;
  created?: number;
}

export interface RenderOptions {
  /** Draw the canvas background colour (default true). */
  background: boolean;
  dark: boolean;
  viewBackgroundColor: string;
}

interface ExcalidrawExports {
  exportToSvg(opts: Record<string, unknown>): Promise<SVGSVGElement>;
  restoreElements(elements: unknown[], local: null, opts?: Record<string, unknown>): SceneElementLike[];
  getCommonBounds(elements: readonly unknown[]): [number, number, number, number];
}

export interface SceneElementLike {
  id: string;
  type: string;
  x: number;
  y: number;
  width: number;
  height: number;
  isDeleted?: boolean;
  frameId?: string | null;
  containerId?: string | null;
  text?: string;
  name?: string | null;
  [key: string]: unknown;
}

const PACKAGE_DIR = join(__dirname, '..', '..', '..');
/** The bundle, beside the service's sources (or its build): the same path for both. */
export const RENDERER_BUNDLE = join(PACKAGE_DIR, '.renderer', 'excalidraw.cjs');
/** Which characters each of Excalidraw's font files has (written with the bundle). */
export const FONT_INDEX = join(PACKAGE_DIR, '.renderer', 'fonts.json');

let loaded: { lib: ExcalidrawExports; window: JSDOM['window'] } | null = null;

/** Browser globals Excalidraw reads, from one jsdom window; canvases are Skia canvases (text measuring). */
function installBrowser(): JSDOM['window'] {
  const dom = new JSDOM('<!doctype html><html><body></body></html>', { pretendToBeVisual: true, url: 'http://localhost/' });
  const { window } = dom;
  const g = globalThis as Record<string, unknown>;
  const names = [
    'window',
    'document',
    'navigator',
    'DOMParser',
    'XMLSerializer',
    'Node',
    'Element',
    'HTMLElement',
    'SVGElement',
    'getComputedStyle',
    'requestAnimationFrame',
    'cancelAnimationFrame',
    'devicePixelRatio',
    'Image',
    'HTMLCanvasElement',
    'location',
    'localStorage',
    'matchMedia',
  ];
  for (const name of names) {
    if (g[name] !== undefined && name !== 'navigator') continue;
    Object.defineProperty(g, name, { value: (window as unknown as Record<string, unknown>)[name], configurable: true, writable: true });
  }
  (window as unknown as Record<string, unknown>).EXCALIDRAW_ASSET_PATH = '/';
  // Fonts are not fetched (the SVG names them; each output format embeds its own), so a FontFace
  // only has to exist.
  class FontFace {
    status = 'loaded';
    constructor(
      readonly family: string,
      readonly source: unknown,
      readonly descriptors: Record<string, string> = {},
    ) {}
    load() {
      return Promise.resolve(this);
    }
  }
  g.FontFace = FontFace;
  (window as unknown as Record<string, unknown>).FontFace = FontFace;
  const fonts = { add: () => undefined, check: () => true, load: () => Promise.resolve([]), ready: Promise.resolve(), forEach: () => undefined };
  Object.defineProperty(window.document, 'fonts', { value: fonts, configurable: true });
  const createElement = window.document.createElement.bind(window.document);
  window.document.createElement = ((tag: string, options?: ElementCreationOptions) => {
    if (String(tag).toLowerCase() !== 'canvas') return createElement(tag, options);
    const canvas = createCanvas(300, 150) as unknown as Record<string, unknown>;
    canvas.style = {};
    return canvas;
  }) as typeof window.document.createElement;
  return window;
}

/** Makes the bundle when it is missing (a run from the sources before any build). */
export function ensureBundle(): void {
  if (existsSync(RENDERER_BUNDLE) && existsSync(FONT_INDEX) && existsSync(join(dirname(FONT_INDEX), 'fonts'))) return;
  execFileSync(process.execPath, [join(PACKAGE_DIR, 'scripts', 'bundle-renderer.mjs'), RENDERER_BUNDLE], { stdio: 'ignore', timeout: 120_000 });
}

export function excalidraw(): { lib: ExcalidrawExports; window: JSDOM['window'] } {
  if (loaded) return loaded;
  const window = installBrowser();
  ensureBundle();
  const lib = createRequire(RENDERER_BUNDLE)(RENDERER_BUNDLE) as ExcalidrawExports;
  loaded = { lib, window };
  return loaded;
}

/** The scene's drawable elements, restored the way the editor restores them. */
export function restore(elements: unknown[]): SceneElementLike[] {
  return excalidraw()
    .lib.restoreElements(elements, null, { refreshDimensions: false, repairBindings: true })
    .filter((e) => !e.isDeleted);
}

export function bounds(elements: readonly SceneElementLike[]): { x: number; y: number; width: number; height: number } {
  const [minX, minY, maxX, maxY] = excalidraw().lib.getCommonBounds(elements);
  return { x: minX, y: minY, width: Math.max(1, maxX - minX), height: Math.max(1, maxY - minY) };
}

/**
 * The SVG of a frame (clipped to it, as the editor exports a frame) or of the whole scene, with the
 * images embedded. Returns the SVG element of the thread's document.
 */
export async function sceneSvg(
  elements: readonly SceneElementLike[],
  files: Record<string, RenderFile>,
  options: RenderOptions,
  frame?: SceneElementLike,
): Promise<SVGSVGElement> {
  return excalidraw().lib.exportToSvg({
    elements,
    files,
    appState: {
      exportBackground: options.background,
      viewBackgroundColor: options.viewBackgroundColor,
      exportWithDarkMode: options.dark,
      exportEmbedScene: false,
      frameRendering: { enabled: true, name: false, outline: false, clip: true },
    },
    exportPadding: frame ? 0 : 16,
    exportingFrame: frame ?? null,
    skipInliningFonts: true,
    renderEmbeddables: false,
  });
}

export function serialize(svg: SVGSVGElement): string {
  const text = new (excalidraw().window.XMLSerializer)().serializeToString(svg);
  // jsdom writes the SVG namespace twice on the root (as an attribute and as the namespace), which
  // strict XML readers refuse
  return text.replace(/^(<svg\b[^>]*?\sxmlns="[^"]*")([^>]*?)\sxmlns="[^"]*"/, '$1$2');
}
