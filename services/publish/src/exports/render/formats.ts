import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { zipSync } from 'fflate';
import PDFDocument from 'pdfkit';
import PptxGenJS from 'pptxgenjs';
import SVGtoPDF from 'svg-to-pdfkit';
import { FONT_INDEX } from './excalidraw';
import type { FontBook } from './fonts';
import { inlineImageSymbols, takeText, type TextLine } from './svg-text';

/**
 * The three export formats, from one SVG per page (Excalidraw's exporter, see excalidraw.ts).
 * Libraries: pdfkit writes PDF with fonts embedded as subsets and shapes text through fontkit
 * (Arabic joining, Indic clusters); svg-to-pdfkit draws the SVG's paths and images into it as
 * vectors; pptxgenjs writes PowerPoint files; resvg rasterises SVG to PNG without a browser; fflate
 * writes ZIP files.
 */

/** One page of an export: a frame, a tile of a large board, or the whole board. */
export interface Page {
  /** A name for files in a ZIP and for slide titles. */
  name: string;
  svg: SVGSVGElement;
  serialize: (svg: SVGSVGElement) => string;
  /** Size of the page in SVG units (CSS px). */
  width: number;
  height: number;
  /** The part of the SVG on this page (tiles of a large board); else all of it. */
  clip?: { x: number; y: number; width: number; height: number };
  /** The text of the page's elements, for slide notes. */
  notes: string;
}

/** PDF units per CSS pixel (72 pt per inch, 96 px per inch). */
export const PT_PER_PX = 0.75;
/** The largest page side PDF readers accept (Acrobat's limit), in points. */
export const PDF_MAX_SIDE_PT = 14_400;
/** Raster limits for PNGs and slide pictures: a side and an area a viewer can open. */
export const PNG_MAX_SIDE = 16_384;
export const PNG_MAX_PIXELS = 64_000_000;

export function pdfBuffer(doc: PDFKit.PDFDocument): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function drawText(doc: PDFKit.PDFDocument, fonts: FontBook, lines: TextLine[]) {
  for (const line of lines) {
    if (line.fill === 'transparent' || line.fill === 'none') continue;
    const runs = fonts.runs(line.family, line.text);
    if (!runs.length) continue;
    const widths = runs.map((r) => doc.font(r.font).fontSize(line.fontSize).widthOfString(r.text));
    const total = widths.reduce((a, b) => a + b, 0);
    // In SVG an RTL line's "start" is its right end.
    const anchor = line.rtl ? (line.anchor === 'start' ? 'end' : line.anchor === 'end' ? 'start' : 'middle') : line.anchor;
    let x = line.x - (anchor === 'middle' ? total / 2 : anchor === 'end' ? total : 0);
    const order = line.rtl ? runs.map((_, i) => runs.length - 1 - i) : runs.map((_, i) => i);
    doc.save();
    doc.transform(...line.matrix);
    for (const i of order) {
      doc
        .font(runs[i].font)
        .fontSize(line.fontSize)
        .fillColor(line.fill, Math.max(0, Math.min(1, line.opacity)))
        .text(runs[i].text, x, line.y, { lineBreak: false, baseline: 'alphabetic' });
      x += widths[i];
    }
    doc.restore();
  }
}

/** A PDF with one page per page: shapes and images as vectors, text as text in embedded subset fonts. */
export async function pdf(pages: Page[], fonts: FontBook, title: string, onPage?: (done: number) => void): Promise<Buffer> {
  const doc = new PDFDocument({ autoFirstPage: false, compress: true, info: { Title: title, Creator: 'VisualNotes' }, pdfVersion: '1.7' });
  let done = 0;
  for (const page of pages) {
    const area = page.clip ?? { x: 0, y: 0, width: page.width, height: page.height };
    const size: [number, number] = [Math.max(1, area.width * PT_PER_PX), Math.max(1, area.height * PT_PER_PX)];
    doc.addPage({ size, margin: 0 });
    const lines = takeText(page.svg);
    inlineImageSymbols(page.svg);
    const svgText = page.serialize(page.svg);
    doc.save();
    doc.rect(0, 0, size[0], size[1]).clip();
    doc.scale(PT_PER_PX);
    doc.translate(-area.x, -area.y);
    SVGtoPDF(doc, svgText, 0, 0, {
      width: page.width,
      height: page.height,
      preserveAspectRatio: 'none',
      // its warnings name SVG features it draws approximately: nothing the exporting user can act on
      warningCallback: () => undefined,
    });
    drawText(doc, fonts, lines);
    doc.restore();
    onPage?.(++done);
  }
  return pdfBuffer(doc);
}

/** The scale that keeps a raster of `width` × `height` at `scale` within the PNG limits. */
export function rasterScale(width: number, height: number, scale: number): number {
  const bySide = PNG_MAX_SIDE / Math.max(width, height);
  const byArea = Math.sqrt(PNG_MAX_PIXELS / Math.max(1, width * height));
  return Math.max(0.01, Math.min(scale, bySide, byArea));
}

let rasterFonts: string[] | null = null;
/**
 * Excalidraw's own fonts for pictures (the TrueType copies the renderer bundle writes), so a PNG
 * shows the hand-drawn text the editor shows: of each family the file with the Latin letters (its
 * fonts are split by Unicode range, and the picture renderer takes one file per family name); not
 * its CJK family (22 MB, loaded for every picture). What they lack comes from the system's fonts.
 */
function excalidrawRasterFonts(): string[] {
  if (rasterFonts) return rasterFonts;
  const root = join(dirname(FONT_INDEX), 'fonts');
  try {
    const index = JSON.parse(readFileSync(FONT_INDEX, 'utf8')) as Record<string, [number, number][]>;
    const latin = (ranges: [number, number][]) => ranges.some(([a, b]) => a <= 0x61 && 0x7a <= b);
    rasterFonts = Object.entries(index)
      .filter(([file, ranges]) => !file.startsWith('Xiaolai/') && latin(ranges))
      .map(([file]) => join(root, file));
  } catch {
    rasterFonts = [];
  }
  return rasterFonts;
}

export function png(svgText: string, width: number, height: number, scale: number, fontDirs: string[]): { data: Buffer; width: number; height: number } {
  const zoom = rasterScale(width, height, scale);
  const resvg = new Resvg(svgText, {
    fitTo: { mode: 'zoom', value: zoom },
    font: { loadSystemFonts: false, fontFiles: excalidrawRasterFonts(), fontDirs, defaultFontFamily: 'DejaVu Sans' },
    imageRendering: 0,
  });
  const rendered = resvg.render();
  return { data: rendered.asPng(), width: rendered.width, height: rendered.height };
}

function safeName(name: string, index: number): string {
  const base = name
    .normalize('NFC')
    // eslint-disable-next-line no-control-regex -- control characters are what is removed
    .replace(/[\\/:*?"<>|\u0000-\u001f]+/g, ' ')
    .trim()
    .slice(0, 80);
  return `${String(index + 1).padStart(2, '0')}${base ? ` ${base}` : ''}`;
}

/** A ZIP with an SVG and a PNG of every page. */
export function zip(pages: Page[], scale: number, fontDirs: string[], onPage?: (done: number) => void): Buffer {
  const files: Record<string, Uint8Array> = {};
  pages.forEach((page, i) => {
    const svgText = page.serialize(page.svg);
    const name = safeName(page.name, i);
    files[`${name}.svg`] = Buffer.from(svgText, 'utf8');
    files[`${name}.png`] = png(svgText, page.width, page.height, scale, fontDirs).data;
    onPage?.(i + 1);
  });
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** Slide size in inches: 13.33 wide, the first page's proportions (within PowerPoint's 1–56 in). */
function slideSize(pages: Page[]): { width: number; height: number } {
  const first = pages[0];
  const ratio = first ? first.height / first.width : 9 / 16;
  const width = 13.333;
  return { width, height: Math.min(56, Math.max(1, width * ratio)) };
}

/**
 * A PowerPoint file, one slide per page: the page as a high-resolution picture (PowerPoint's
 * shapes cannot draw Excalidraw's strokes faithfully), its text in the slide notes so it can be
 * searched.
 */
export async function pptx(pages: Page[], scale: number, fontDirs: string[], title: string, onPage?: (done: number) => void): Promise<Buffer> {
  const deck = new PptxGenJS();
  const size = slideSize(pages);
  deck.defineLayout({ name: 'BOARD', width: size.width, height: size.height });
  deck.layout = 'BOARD';
  deck.title = title;
  pages.forEach((page, i) => {
    const slide = deck.addSlide();
    const svgText = page.serialize(page.svg);
    // about 2 picture pixels per slide point at 13.33 in, or the requested scale if higher
    const pictureScale = Math.max(scale, (size.width * 144) / page.width);
    const picture = png(svgText, page.width, page.height, pictureScale, fontDirs);
    const fit = Math.min(size.width / page.width, size.height / page.height);
    const [w, h] = [page.width * fit, page.height * fit];
    slide.addImage({
      data: `image/png;base64,${picture.data.toString('base64')}`,
      x: (size.width - w) / 2,
      y: (size.height - h) / 2,
      w,
      h,
      altText: page.name,
    });
    slide.addNotes(page.notes || page.name);
    onPage?.(i + 1);
  });
  return (await deck.write({ outputType: 'nodebuffer', compression: true })) as Buffer;
}
