import type { MessagePort } from 'node:worker_threads';
import type { ExportFormat, Outline } from '@visualnotes/contracts';
import { bounds, ensureBundle, FONT_INDEX, restore, sceneSvg, serialize, type RenderFile, type SceneElementLike } from './render/excalidraw';
import { FontBook } from './render/fonts';
import { pdf, PDF_MAX_SIDE_PT, PT_PER_PX, pptx, zip, type Page } from './render/formats';
import { boardOrder } from './render/board-order';
import { outlinePdf } from './render/outline-pdf';
import { applyDarkColors } from './render/svg-text';

/** An export to render in a thread of the export pool (see export-pool.ts). */
export interface ExportTask {
  format: ExportFormat;
  /** The scene as JSON text (one copy across the thread boundary). */
  sceneText: string;
  files: Record<string, RenderFile>;
  /** Frame ids to export, in any order (they come out in board order); absent: every frame. */
  frames?: string[];
  scale: number;
  background: boolean;
  dark: boolean;
  title: string;
  fontDirs: string[];
  /** Hears the progress (0–1) as pages are done. */
  progress?: MessagePort;
}

/** A summary's outline to set as a PDF (see render/outline-pdf.ts): set while its reader waits, no progress. */
export interface OutlineTask {
  outline: Outline;
  fontDirs: string[];
}

export interface ExportOutput {
  data: Uint8Array;
  pages: number;
}

const FRAME_TYPES = new Set(['frame', 'magicframe']);

function textOf(elements: SceneElementLike[], frame?: SceneElementLike): string {
  const inFrame = new Set<string>();
  if (frame) for (const e of elements) if (e.frameId === frame.id) inFrame.add(e.id);
  const texts = elements
    .filter((e) => e.type === 'text' && (!frame || inFrame.has(e.id) || (e.containerId && inFrame.has(e.containerId))))
    .map((e) => String((e as { originalText?: string }).originalText ?? e.text ?? '').trim())
    .filter(Boolean);
  return [frame?.name ?? '', ...texts].filter(Boolean).join('\n');
}

let fontBook: FontBook | null = null;

export default async function render(task: ExportTask | OutlineTask): Promise<ExportOutput> {
  if ('outline' in task) {
    ensureBundle();
    const out = await outlinePdf(task.outline, (fontBook ??= new FontBook(task.fontDirs, FONT_INDEX)));
    return { data: new Uint8Array(out.data.buffer, out.data.byteOffset, out.data.byteLength), pages: out.pages };
  }
  const report = (share: number) => task.progress?.postMessage(Math.max(0, Math.min(1, share)));
  try {
    const scene = JSON.parse(task.sceneText) as { elements?: unknown[]; appState?: { viewBackgroundColor?: string } };
    const elements = restore(scene.elements ?? []);
    const options = { background: task.background, dark: task.dark, viewBackgroundColor: scene.appState?.viewBackgroundColor ?? '#ffffff' };
    const allFrames = boardOrder(elements.filter((e) => FRAME_TYPES.has(e.type)));
    const wanted = task.frames ? new Set(task.frames) : null;
    const frames = wanted ? allFrames.filter((f) => wanted.has(f.id)) : allFrames;

    // One SVG per frame, or one of the whole board (tiled on PDF pages when too large for one).
    const pages: Page[] = [];
    const svgs: { svg: SVGSVGElement; name: string; width: number; height: number; notes: string }[] = [];
    if (frames.length) {
      for (const frame of frames) {
        const svg = await sceneSvg(elements, task.files, options, frame);
        svgs.push({ svg, name: frame.name || `Frame ${svgs.length + 1}`, width: frame.width, height: frame.height, notes: textOf(elements, frame) });
      }
    } else {
      const svg = await sceneSvg(elements, task.files, options);
      const box = bounds(elements);
      const viewBox = (svg.getAttribute('viewBox') ?? '').split(/\s+/).map(Number);
      const [width, height] = viewBox.length === 4 && viewBox.every(Number.isFinite) ? [viewBox[2], viewBox[3]] : [box.width, box.height];
      svgs.push({ svg, name: task.title, width, height, notes: textOf(elements) });
    }
    report(0.2);
    for (const s of svgs) {
      if (task.dark) applyDarkColors(s.svg);
      const page: Page = { name: s.name, svg: s.svg, serialize, width: s.width, height: s.height, notes: s.notes };
      const maxPx = PDF_MAX_SIDE_PT / PT_PER_PX;
      if (task.format === 'pdf' && !frames.length && (s.width > maxPx || s.height > maxPx)) {
        const cols = Math.ceil(s.width / maxPx);
        const rows = Math.ceil(s.height / maxPx);
        const [tw, th] = [s.width / cols, s.height / rows];
        for (let r = 0; r < rows; r++)
          for (let c = 0; c < cols; c++) {
            // each tile takes its own copy: the text is taken out of the SVG as a page is written
            pages.push({ ...page, svg: s.svg.cloneNode(true) as SVGSVGElement, clip: { x: c * tw, y: r * th, width: tw, height: th } });
          }
      } else pages.push(page);
    }
    const onPage = (done: number) => report(0.2 + (0.75 * done) / pages.length);
    let data: Buffer;
    if (task.format === 'pdf') data = await pdf(pages, (fontBook ??= new FontBook(task.fontDirs, FONT_INDEX)), task.title, onPage);
    else if (task.format === 'pptx') data = await pptx(pages, task.scale, task.fontDirs, task.title, onPage);
    else data = zip(pages, task.scale, task.fontDirs, onPage);
    report(1);
    return { data: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), pages: pages.length };
  } finally {
    task.progress?.close();
  }
}
