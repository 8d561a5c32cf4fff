import { dirname, join, sep } from 'node:path';
import { DomainError } from '@visualnotes/contracts';
import { actualTextReader, type GlyphRun, type PageMark } from './pdf-actual-text';
import { popplerPages, type PopplerPage } from './pdf-poppler';
import { checkPdfStreams, pdfMentions } from './pdf-streams';
import type { ExtractedDocument, ExtractedPage, ExtractLimits } from './types';
import { tidy } from './types';

interface TextItem {
  /** Set on pdf.js's marked-content items (`beginMarkedContent`, `beginMarkedContentProps`, `endMarkedContent`). */
  type?: string;
  str?: string;
  hasEOL?: boolean;
  dir?: string;
  width?: number;
  height?: number;
  transform?: number[];
}

/** A run of text on a line: where it starts, how wide it is (NaN: not known) and its size. */
interface Piece {
  str: string;
  dir: string;
  x: number;
  w: number;
  size: number;
}

/** One printed line: its text in reading order and the size of its largest glyphs. */
export interface PdfLine {
  text: string;
  size: number;
}

let dataDirs: { cMapUrl: string; standardFontDataUrl: string } | undefined;

/**
 * Where pdf.js finds its CMaps and standard font data: the files of pdfjs-dist (the same version
 * as the pdf.js inside unpdf), read from disk. Without the CMaps, text in a non-embedded CJK font
 * (Shift-JIS, EUC, UCS-2 encodings; vertical writing) comes out empty. In Node pdf.js reads these
 * with fs, so they are plain folder paths; it requires the trailing separator.
 */
export function pdfjsDataDirs(): { cMapUrl: string; standardFontDataUrl: string } {
  if (!dataDirs) {
    const root = dirname(require.resolve('pdfjs-dist/package.json'));
    dataDirs = { cMapUrl: join(root, 'cmaps') + sep, standardFontDataUrl: join(root, 'standard_fonts') + sep };
  }
  return dataDirs;
}

type PdfProxy = Awaited<ReturnType<(typeof import('unpdf'))['getDocumentProxy']>>;

/** Opens a PDF with pdf.js (through unpdf: no eval, no fonts loaded); the caller destroys it. */
async function openPdf(data: Buffer): Promise<PdfProxy> {
  const { getDocumentProxy } = await import('unpdf');
  try {
    // pdf.js takes ownership of the array it is given: hand it a copy.
    return await getDocumentProxy(new Uint8Array(data), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
      ...pdfjsDataDirs(),
      cMapPacked: true,
      // Files protected only against editing (an empty open password) open in every viewer.
      password: '',
    });
  } catch (err) {
    throw pdfError(err);
  }
}

/** Runs `use` on the opened PDF, then lets it go; what pdf.js throws for a bad file becomes a clear refusal. */
async function withPdf<T>(data: Buffer, use: (pdf: PdfProxy) => Promise<T>): Promise<T> {
  const pdf = await openPdf(data);
  try {
    return await use(pdf);
  } catch (err) {
    throw pdfError(err);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

export interface PdfInfo {
  pageCount: number;
  title: string | null;
}

/**
 * A PDF's page count and title, and whether it needs pdf.js on every page (`careful`, see
 * `needsCarefulReading`). Checks its page-description streams against the inflate bounds first,
 * and refuses a file of more than `limits.maxPages` pages.
 */
export async function pdfInfo(data: Buffer, limits: ExtractLimits): Promise<PdfInfo & { careful: boolean }> {
  const careful = checkStreams(data, limits);
  return { ...(await withPdf(data, (pdf) => infoOf(pdf, limits))), careful };
}

/** What makes pdf.js read every page of a file: its ActualText, forms, Type3 fonts and encryption are beyond pdftotext. */
const CAREFUL_NAMES = ['/ActualText', '/AcroForm', '/Type3', '/Encrypt'];

/** The inflate bounds checked (see `checkPdfStreams`); whether the file needs pdf.js on every page, found on the same pass. */
function checkStreams(data: Buffer, limits: ExtractLimits): boolean {
  return checkPdfStreams(data, { maxStreamBytes: limits.maxPdfStreamBytes, maxTotalBytes: limits.maxUnzippedBytes }, CAREFUL_NAMES);
}

async function infoOf(pdf: PdfProxy, limits: ExtractLimits): Promise<PdfInfo> {
  if (pdf.numPages > limits.maxPages) {
    throw new DomainError('PAYLOAD_TOO_LARGE', `This document has more than ${limits.maxPages} pages; please split it into smaller files`);
  }
  let title: string | null = null;
  try {
    const meta = await pdf.getMetadata();
    const t = (meta.info as { Title?: unknown } | undefined)?.Title;
    if (typeof t === 'string' && t.trim()) title = t.trim().slice(0, 200);
  } catch {
    // metadata is optional
  }
  return { pageCount: pdf.numPages, title };
}

/**
 * The text of pages `from` to `to` (1-based, inclusive; kept within the document), and per page the
 * lines heading detection looks at. Each page is released once read, so a long document never holds
 * every page's objects at once. Meant for a file `pdfInfo` has accepted (it checks the streams).
 * `careful`: what `needsCarefulReading` said of the file, when it was asked before (else it is asked here).
 * `onPage` hears of each page as it is read.
 */
export async function readPdfPages(
  data: Buffer,
  from: number,
  to: number,
  limits: ExtractLimits,
  careful?: boolean,
  onPage?: (page: ExtractedPage) => void,
): Promise<{ pages: ExtractedPage[]; lines: PdfLine[][] }> {
  // pdftotext starts first and reads while pdf.js opens the file and reads the range's first page.
  const first = Math.max(1, Math.floor(from));
  const fast = fastPages(data, first, Math.floor(to), limits, careful);
  fast.catch(() => undefined); // awaited below; a file pdf.js refuses first never needs it
  return withPdf(data, (pdf) => pagesOf(pdf, data, from, to, limits, fast, onPage));
}

/**
 * Whether every page of a PDF needs pdf.js (ActualText, a form, Type3 fonts, encryption): then
 * pdftotext's fast reading is never used. It inflates every stream of the file, so a file read in
 * steps is looked at once, at its first look, and each step is told.
 */
function needsCarefulReading(data: Buffer, limits: ExtractLimits): boolean {
  return pdfMentions(data, CAREFUL_NAMES, limits.maxPdfStreamBytes);
}

async function pagesOf(
  pdf: PdfProxy,
  data: Buffer,
  from: number,
  to: number,
  limits: ExtractLimits,
  reading: Promise<PopplerPage[] | null> | null,
  onPage?: (page: ExtractedPage) => void,
): Promise<{ pages: ExtractedPage[]; lines: PdfLine[][] }> {
  const pages: ExtractedPage[] = [];
  const lines: PdfLine[][] = [];
  const actualTexts = actualTextReader(data, limits.maxPdfStreamBytes);
  const first = Math.max(1, Math.floor(from));
  const last = Math.min(Math.floor(to), pdf.numPages);
  /** pdftotext's pages, once the first page has been read by pdf.js (which needs no pdftotext). */
  let fast: PopplerPage[] | null = null;
  /** How pdftotext's line heights turn into pdf.js's sizes; null once pdftotext and pdf.js disagree. */
  let sizes: ((height: number) => number) | null | undefined;
  const add = (page: ExtractedPage, read: PdfLine[]) => {
    pages.push(page);
    lines.push(headingLines(read));
    onPage?.(page);
  };
  for (let n = first; n <= last; n++) {
    const plain = sizes !== null ? fast?.[n - first] : undefined;
    // Each range starts with a page both read (for the sizes), and both read one in every CHECK_EVERY after.
    if (plain?.plain && sizes && (n - first) % CHECK_EVERY !== 0) {
      const scale = sizes;
      const read = plain.lines.map((l) => ({ text: l.text, size: scale(l.height) }));
      add({ page: n, title: null, text: tidy(read.map((l) => l.text).join('\n')) }, read);
      continue;
    }
    const page = await pdf.getPage(n);
    try {
      const read = await readPage(page, actualTexts);
      if (reading) {
        const all = await reading;
        fast = all?.length === last - first + 1 ? all : null;
        reading = null;
      }
      const checked = sizes !== null ? fast?.[n - first] : undefined;
      if (checked?.plain) sizes = sameWords(checked, read.text) ? (sizes ?? sizesOf(checked, read.all)) : null;
      add({ page: n, title: null, text: read.text }, read.all);
    } finally {
      page.cleanup();
    }
  }
  return { pages, lines };
}

/** One page in this many of a range is read by both pdftotext and pdf.js, to check they agree. */
const CHECK_EVERY = 25;
/** Fewer pages than this are all read by pdf.js (starting pdftotext and checking it cost more than it saves). */
const MIN_FAST_PAGES = 4;

/**
 * Pages `first` to `last` as pdftotext (poppler) reads them, for a file where nothing needs pdf.js
 * throughout (no ActualText, form, Type3 font or encryption); else null. It gives the same lines
 * word for word (its pages are checked against pdf.js's as they are read); pdf.js reads the others.
 */
// Measured on 500- and 1,000-page text books: with pdftotext a range takes 1.2 to 2.2 times less CPU than with pdf.js alone.
async function fastPages(data: Buffer, first: number, last: number, limits: ExtractLimits, careful?: boolean): Promise<PopplerPage[] | null> {
  if (last - first + 1 < MIN_FAST_PAGES) return null;
  if (limits.pdftotextPath === false || (careful ?? needsCarefulReading(data, limits))) return null;
  return popplerPages(limits.pdftotextPath ?? 'pdftotext', data, first, last, 10_000 + 50 * (last - first + 1));
}

const words = (s: string) => s.split(/\s+/).filter(Boolean).join(' ');

/** pdftotext read the page's words as pdf.js did (`text`). */
function sameWords(page: PopplerPage, text: string): boolean {
  return words(page.lines.map((l) => l.text).join(' ')) === words(text);
}

/**
 * How pdftotext's line heights turn into the sizes pdf.js reads for the same page (`lines`): the
 * heights it gives are the size times the font's height, so each height seen here gets its line's
 * size, and others the size by the ratio of the body lines. Null when no line is the same.
 */
function sizesOf(page: PopplerPage, lines: PdfLine[]): ((height: number) => number) | null {
  const known = new Map<number, number>();
  const ratios: number[] = [];
  const key = (h: number) => Math.round(h * 100);
  for (const [i, l] of page.lines.entries()) {
    const same = lines.length === page.lines.length && words(lines[i].text) === words(l.text);
    if (!same || !(l.height > 0) || !(lines[i].size > 0)) continue;
    known.set(key(l.height), lines[i].size);
    for (let k = l.text.length; k > 0; k -= 40) ratios.push(lines[i].size / l.height);
  }
  if (!ratios.length) return null;
  const ratio = ratios.sort((a, b) => a - b)[Math.floor(ratios.length / 2)];
  return (height) => known.get(key(height)) ?? Math.round(height * ratio * 100) / 100;
}

/** Only short lines can be headings; the rest is kept as its size alone (for the body size). */
function headingLines(lines: PdfLine[]): PdfLine[] {
  return lines.map((l) => (l.text.length <= 160 ? l : { text: '', size: l.size }));
}

type PdfPage = Awaited<ReturnType<PdfProxy['getPage']>>;

/** One page's text, and its lines for heading detection. */
async function readPage(page: PdfPage, actualTexts: ReturnType<typeof actualTextReader>): Promise<{ text: string; all: PdfLine[] }> {
  const content = await page.getTextContent({ includeMarkedContent: true });
  const items = content.items as TextItem[];
  const spans = items.some((i) => i.type === 'beginMarkedContentProps');
  // The content stream is read for ActualText spans, and for where words break in Indic and
  // Southeast Asian text (pdf.js misreads the glyphs their fonts' maps leave out or combine).
  const arabic = items.some((i) => i.dir === 'rtl' && ARABIC_LETTERS.test(i.str ?? ''));
  const stream = spans || arabic || items.some((i) => COMPLEX_SCRIPT.test(i.str ?? '')) ? actualTexts(page.ref) : null;
  const repaired = stream ? withRuns(items, stream.runs) : items;
  const read = stream && arabic ? withLigatures(repaired, stream.runs) : repaired;
  const lines = pdfLines(spans ? withActualText(read, stream?.marks ?? null) : read.filter((i) => !i.type));
  const answers = await formValues(page);
  return { text: tidy([...lines.map((l) => l.text), ...answers].join('\n')), all: lines };
}

/**
 * What the reading steps put together take, on one opening of a file `pdfInfo` has accepted: the
 * title in its metadata, and its headings per page (index 0 is page 1), from its outline when it
 * has one, else the lines set clearly larger than the body text, from all pages' `lines` (see `readPdfPages`).
 */
export async function pdfTitleAndHeadings(data: Buffer, lines: PdfLine[][], pageCount: number): Promise<{ title: string | null; headings: string[][] }> {
  return withPdf(data, async (pdf) => ({
    title: (await infoOf(pdf, { maxPages: Infinity } as ExtractLimits)).title,
    headings: await headingsOf(pdf, lines, pageCount),
  }));
}

async function headingsOf(pdf: PdfProxy, lines: PdfLine[][], pageCount: number): Promise<string[][]> {
  return (await outlineHeadings(pdf, pageCount)) ?? sizeHeadings(lines);
}

/** Text of a PDF, page by page, with the headings that open its sections (pdfInfo, readPdfPages and the headings on one opening of the file). */
export async function extractPdf(data: Buffer, limits: ExtractLimits): Promise<ExtractedDocument> {
  const careful = checkStreams(data, limits);
  const { title, pages, headings } = await withPdf(data, async (pdf) => {
    const { pageCount, title } = await infoOf(pdf, limits);
    const fast = fastPages(data, 1, pageCount, limits, careful);
    fast.catch(() => undefined); // awaited once pdf.js has read the first page
    const { pages, lines } = await pagesOf(pdf, data, 1, pageCount, limits, fast);
    return { title, pages, headings: await headingsOf(pdf, lines, pages.length) };
  });
  // Headings open sections; they are not the page's text (an outline may name pages that have none).
  headings.forEach((titles, i) => {
    if (titles.length && pages[i]) pages[i].headings = titles;
  });
  return { kind: 'pdf', title, pages };
}

/**
 * A page's text items with each marked-content span that carries an ActualText replaced by it: the
 * first glyph run inside the span gets the span's text (its position and line end stay), the other
 * runs inside it go. `marks` has one entry per marked-content start in drawing order; when it does
 * not match pdf.js's marks (or is missing), the glyphs' own text stays. Mark items are dropped.
 *
 * Blanks between runs are kept unless the marks say that the file sets no gap there (see
 * `actualTextReader`): pdf.js reports a span's glyphs without Unicode as blanks, after the span or
 * inside the next one. A span whose glyphs all read as blanks still gives its text, before the
 * next run, with the word breaks its marks tell.
 */
export function withActualText(items: TextItem[], marks: PageMark[] | null): TextItem[] {
  const starts = items.filter((i) => i.type === 'beginMarkedContent' || i.type === 'beginMarkedContentProps').length;
  if (!marks || marks.length !== starts || marks.every((m) => m.text === null)) return items.filter((i) => !i.type);
  const out: TextItem[] = [];
  let next = 0;
  const open: number[] = [];
  /** The span whose ActualText is laid over its glyphs: its depth, its text, the run that took it. */
  let active: { depth: number; text: string; first: TextItem | null; joinBefore: boolean } | null = null;
  /** Blanks since the last run, and whether the marks say the glyphs there are no space. */
  let blanks: TextItem[] = [];
  let join = false;
  /**
   * The text of spans whose glyphs have no Unicode, since the last run, with a word break before
   * or after it where their marks say the file sets one; it goes before the next run.
   */
  let pending = '';
  const place = (item: TextItem) => {
    out.push(pending ? { ...item, str: `${pending}${item.str ?? ''}` } : item);
    pending = '';
    return out[out.length - 1];
  };
  /**
   * A blank that is no word gap is the width of the glyphs pdf.js read as having none (a span's
   * ligature): the text before it gets that width, so that it still touches the text after it.
   */
  const widen = (b: TextItem) => reachTo(b, (b.transform?.[4] ?? Number.NaN) + (b.width ?? Number.NaN));
  /** The marks say `item` is drawn right after the text before it: that text reaches it. */
  const reach = (item: TextItem) => reachTo(item, item.transform?.[4] ?? Number.NaN);
  /** The text placed last, on `item`'s line, made to end at `end` at least. */
  const reachTo = (item: TextItem, end: number) => {
    const last = out.at(-1);
    const x = last?.transform?.[4];
    if (!last || !last.str?.trim() || x === undefined || !Number.isFinite(end) || !sameLine(last, item) || end < x) return;
    out[out.length - 1] = { ...last, width: Math.max(last.width ?? 0, end - x) };
  };
  const flushBlanks = () => {
    if (pending) {
      // Such spans stand in this gap and their marks tell its word breaks; a line's end keeps its
      // place, and their text goes to the line their glyph was drawn on.
      const eol = blanks.find((b) => b.hasEOL);
      if (eol) {
        const last = out.at(-1);
        if (last && !last.hasEOL && last.transform?.[5] === eol.transform?.[5]) {
          out[out.length - 1] = { ...last, str: `${last.str ?? ''}${pending.trimEnd()}` };
          pending = '';
        } else pending = pending.trimStart();
        out.push({ ...eol, str: '' });
      }
    } else {
      for (const b of blanks) {
        if (!join) place(b);
        else if (b.hasEOL) place({ ...b, str: '' });
        else widen(b);
      }
    }
    blanks = [];
    join = false;
  };
  for (const item of items) {
    if (item.type === 'beginMarkedContent' || item.type === 'beginMarkedContentProps') {
      const k = next++;
      open.push(k);
      join ||= marks[k].joinBefore;
      if (!active && marks[k].text !== null) active = { depth: open.length, text: marks[k].text, first: null, joinBefore: marks[k].joinBefore };
    } else if (item.type === 'endMarkedContent') {
      if (active && active.depth === open.length) {
        if (!active.first) {
          const mark = marks[open[open.length - 1]];
          const breakBefore = !mark.joinBefore && !/\s$/.test(pending) && !!out.length && !out[out.length - 1].hasEOL;
          pending += `${breakBefore ? ' ' : ''}${active.text}${mark.joinAfter ? '' : ' '}`;
        }
        active = null;
      }
      const k = open.pop();
      if (k !== undefined) join ||= marks[k].joinAfter;
    } else if (item.type) continue;
    else if (!item.str?.trim()) {
      // A blank inside a span after its first run is the span's; others wait for the next run.
      if (!active?.first) blanks.push(item);
      else if (item.hasEOL) place({ ...item, str: '' });
    } else {
      // pdf.js may set the blank it saw at the start of the run's text: the marks decide it too.
      const joined = join && !active;
      flushBlanks();
      if (joined || active?.joinBefore) reach(item);
      if (!active) place(joined ? { ...item, str: (item.str ?? '').trimStart() } : item);
      else if (!active.first) {
        // pdf.js sets a word gap before the span's glyphs at the start of their run: it stays,
        // unless the file puts them right after the text before.
        const gap = active.joinBefore ? '' : (/^\s+/.exec(item.str ?? '')?.[0] ?? '');
        // Drawn before it, the gap is on its left: after it when it reads right to left.
        active.first = place({ ...item, str: STRONG_RTL_ONE.test(active.text) ? `${active.text}${gap}` : `${gap}${active.text}` });
      }
    }
  }
  flushBlanks();
  if (pending && out.length) out[out.length - 1] = { ...out[out.length - 1], str: `${out[out.length - 1].str ?? ''}${pending.trimEnd()}` };
  return out;
}

const ARABIC_LETTERS = /[\u0620-\u064a\u066e-\u06d3\u06fa-\u06ff]/;
/** How far past the last word found the next one is looked for, in letters drawn. */
const SEARCH_WINDOW = 4096;
/** Arabic words and the blanks between them. */
const ARABIC_STRETCH = /[\u0620-\u065f\u066e-\u06d3\u06fa-\u06ff][\u0620-\u065f\u066e-\u06d3\u06fa-\u06ff\s]*/g;

/**
 * Right-to-left text with each glyph that stands for several letters in its letters' order. A file
 * draws Arabic from left to right, so pdf.js turns each line's text around, and with it the two
 * letters of every lam-alef ligature: "لإنتاج" read as "إلنتاج", "الاقتصاد" as "االقتصاد"
 * (pdftotext reads them so too). The glyphs the content stream draws (`runs`) tell which letters
 * share a glyph; each word is found in them in drawing order, and such letters are turned back.
 * A word not found as drawn is left as pdf.js reads it.
 */
export function withLigatures(items: TextItem[], runs: (GlyphRun | null)[]): TextItem[] {
  let drawn = '';
  /** Where each glyph of several letters starts in `drawn` (ascending), and how many letters it has. */
  const starts: number[] = [];
  const lengths: number[] = [];
  for (const run of runs) {
    for (const g of run?.glyphs ?? []) {
      const text = (g.shown ?? '\ufffd').replace(/\s/g, '');
      if (text.length > 1) {
        starts.push(drawn.length);
        lengths.push(text.length);
      }
      drawn += text;
    }
  }
  if (!starts.length) return items;
  let cursor = 0;
  /** Letters left to look through: a few passes over the page, however many stretches are not found. */
  let budget = 8 * drawn.length + 16 * SEARCH_WINDOW;
  /** Where `seen` is drawn: near the last stretch found, or anywhere on the page when it is long enough to tell. */
  const find = (seen: string): number => {
    const window = drawn.slice(cursor, cursor + SEARCH_WINDOW);
    const near = window.indexOf(seen);
    budget -= near < 0 ? window.length : near + seen.length;
    if (near >= 0) return cursor + near;
    if (seen.length < 8 || budget <= 0) return -1;
    budget -= drawn.length;
    return drawn.indexOf(seen);
  };
  return items.map((item) => {
    const str = item.str ?? '';
    if (item.dir !== 'rtl' || !ARABIC_LETTERS.test(str) || budget <= 0) return item;
    const chars = str.split('');
    let changed = false;
    // Stretches of Arabic words, last first: the order the file draws them in.
    for (const stretch of [...str.matchAll(ARABIC_STRETCH)].reverse()) {
      /** Where the stretch's letters (not its blanks) stand in the item's text. */
      const at: number[] = [];
      for (let k = 0; k < stretch[0].length; k++) if (!/\s/.test(stretch[0][k])) at.push(stretch.index! + k);
      const seen = at
        .map((k) => str[k])
        .reverse()
        .join('');
      const found = seen ? find(seen) : -1;
      if (found < 0) continue;
      cursor = found + seen.length;
      for (let g = firstAtOrAfter(starts, found); g < starts.length && starts[g] + lengths[g] <= found + seen.length; g++) {
        // The glyph's letters sit turned around at the mirrored place in the item's text.
        const from = at.length - (starts[g] - found) - lengths[g];
        const places = at.slice(from, from + lengths[g]);
        const letters = places.map((k) => chars[k]).reverse();
        places.forEach((k, n) => (chars[k] = letters[n]));
        changed = true;
      }
    }
    return changed ? { ...item, str: chars.join('') } : item;
  });
}

/** The index of the first value not below `x` in ascending `values`. */
function firstAtOrAfter(values: number[], x: number): number {
  let lo = 0;
  let hi = values.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (values[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Two items on one baseline (a mark read first may set an item a little above or below it). */
function sameLine(a: TextItem, b: TextItem): boolean {
  const [ay, by] = [a.transform?.[5], b.transform?.[5]];
  const size = Math.abs(a.height || b.height || 0) || 10;
  return ay !== undefined && by !== undefined && Math.abs(ay - by) <= size * 0.6;
}

/** Scripts whose clusters a font may draw with glyphs its character map does not name. */
const COMPLEX_SCRIPT =
  /[\p{sc=Deva}\p{sc=Beng}\p{sc=Guru}\p{sc=Gujr}\p{sc=Orya}\p{sc=Taml}\p{sc=Telu}\p{sc=Knda}\p{sc=Mlym}\p{sc=Sinh}\p{sc=Tibt}\p{sc=Mymr}\p{sc=Khmr}\p{sc=Limb}\p{sc=Tale}\p{sc=Bali}\p{sc=Java}]/u;

/**
 * A page's text items with the runs between marked-content boundaries read as the content stream
 * says (`runs`, one per stretch between marks): a control character pdf.js shows for a glyph the
 * font's map leaves out goes; a blank inside a run goes where the file sets no gap (pdf.js reads a
 * glyph without Unicode as a blank, and takes a conjunct whose text holds a virama or a nukta for a
 * mark of no width, then sees a gap after it); a word gap the file sets where pdf.js has none gets
 * a space. Where the file does not say (widths unknown, a new line), pdf.js's blanks stay. A run
 * whose text does not match what the stream says, letter for letter, is left as pdf.js reads it.
 */
export function withRuns(items: TextItem[], runs: (GlyphRun | null)[]): TextItem[] {
  let boundaries = 0;
  for (const i of items) if (i.type === 'beginMarkedContent' || i.type === 'beginMarkedContentProps' || i.type === 'endMarkedContent') boundaries++;
  if (runs.length !== boundaries + 1) return items;
  const out = items.slice();
  let start = 0;
  let k = 0;
  let rtl = false;
  for (let i = 0; i <= items.length; i++) {
    if (i < items.length && !items[i].type) {
      rtl ||= items[i].dir === 'rtl';
      continue;
    }
    const run = runs[k++];
    // Right-to-left text is not in drawing order: its letters cannot be matched glyph by glyph.
    if (run && i > start && !rtl) repairRun(out, start, i, run);
    start = i + 1;
    rtl = false;
  }
  return out;
}

const BLANKS = /\s/g;
/** `/\s/` for one character, without a regular expression for the common ones (this runs for every letter of a page). */
const isBlank = (ch: string) => {
  const c = ch.charCodeAt(0);
  return c === 32 || (c >= 9 && c <= 13) || (c >= 0xa0 && /\s/.test(ch));
};
/** How many characters (code points) a string has. */
const codePoints = (s: string) => {
  let n = s.length;
  for (let i = 0; i < s.length; i++) if ((s.charCodeAt(i) & 0xfc00) === 0xd800) n--;
  return n;
};

// Plain loops over the glyphs, no copies of them: on a tagged page every glyph comes through here.
function repairRun(items: TextItem[], from: number, to: number, run: GlyphRun) {
  /** The run's glyphs that show text (blanks left out), and how many characters each shows. */
  const glyphs: GlyphRun['glyphs'] = [];
  const counts: number[] = [];
  let said = '';
  for (const g of run.glyphs) {
    if (g.shown === null) return;
    const text = g.shown.length === 1 && !isBlank(g.shown) ? g.shown : g.shown.replace(BLANKS, '');
    if (!text) continue;
    glyphs.push(g);
    counts.push(codePoints(text));
    said += text;
  }
  let read = '';
  for (let i = from; i < to; i++) read += items[i].str ?? '';
  if (said !== read.replace(BLANKS, '')) return;
  let g = 0;
  let c = 0;
  let started = false;
  /** The last character kept was a blank (or none was kept yet). */
  let blank = true;
  /**
   * Text pdf.js ends a line with that the file draws at the next line's start: a conjunct it takes
   * for a mark of no width ("प्र" of "प्रौद्योगिकी") joins the text before it wherever it is drawn.
   */
  let carry = '';
  for (let i = from; i < to; i++) {
    let str = carry;
    carry = '';
    let moving = false;
    const movable = !!items[i].hasEOL && i + 1 < to;
    for (const ch of items[i].str ?? '') {
      if (isBlank(ch)) {
        // Blanks before the run's first letter are left to the marks around it.
        if (!started || c > 0 || g >= glyphs.length || glyphs[g].before !== 'nogap') {
          if (moving) carry += ch;
          else str += ch;
          blank = true;
        }
        continue;
      }
      if (movable && !moving && started && c === 0 && glyphs[g].line && str.trim()) moving = true;
      // A word gap the file sets (a space glyph or a move) that pdf.js missed.
      else if (started && c === 0 && !blank && glyphs[g].before === 'space') {
        if (moving) carry += ' ';
        else str += ' ';
      }
      started = true;
      if (glyphs[g].keep) {
        if (moving) carry += ch;
        else str += ch;
        blank = false;
      }
      if (++c >= counts[g]) {
        g++;
        c = 0;
      }
    }
    if (str !== items[i].str) items[i] = { ...items[i], str };
  }
}

interface FormWidget {
  subtype?: string;
  fieldType?: string;
  fieldValue?: unknown;
  hidden?: boolean;
  rect?: number[];
}

/**
 * What was typed or chosen in a filled form's fields: their values are not page text (a viewer draws
 * them from the fields), yet they are the document's content. Top to bottom, then left to right,
 * after the page's own text.
 */
async function formValues(page: { getAnnotations(): Promise<unknown[]> }): Promise<string[]> {
  let annotations: FormWidget[];
  try {
    annotations = (await page.getAnnotations()) as FormWidget[];
  } catch {
    return []; // a broken annotation list costs the answers, not the page
  }
  return annotations
    .filter((a) => a.subtype === 'Widget' && !a.hidden && (a.fieldType === 'Tx' || a.fieldType === 'Ch'))
    .map((a) => ({
      rect: a.rect ?? [0, 0, 0, 0],
      value: (Array.isArray(a.fieldValue) ? a.fieldValue : [a.fieldValue]).filter((v) => typeof v === 'string').join(', '),
    }))
    .filter((a) => a.value.trim())
    .sort((a, b) => b.rect[3] - a.rect[3] || a.rect[0] - b.rect[0])
    .map((a) => a.value.replace(/\s+/g, ' ').trim());
}

/** What pdf.js throws for a file it cannot parse (anything else is our fault, not the file's). */
const PDF_ERRORS = new Set(['InvalidPDFException', 'FormatError', 'UnknownErrorException', 'MissingPDFException', 'XRefParseException', 'XRefEntryException']);

function pdfError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  const name = (err as { name?: string })?.name ?? '';
  if (name === 'PasswordException') return new DomainError('DOCUMENT_ENCRYPTED');
  if (PDF_ERRORS.has(name)) return new DomainError('DOCUMENT_CORRUPT');
  return err as Error;
}

/**
 * The lines of a page in reading order. pdf.js gives each run of glyphs in logical order, but the
 * runs of a line in the order the file draws them: files that draw right-to-left script word by
 * word from left to right (Arabic, Hebrew) would read backwards. A line whose letters are mostly
 * right-to-left is read from right to left, runs of left-to-right text inside it (numbers, Latin
 * names) from left to right, as the Unicode bidi algorithm orders them.
 */
export function pdfLines(items: TextItem[]): PdfLine[] {
  const lines: PdfLine[] = [];
  let run: Piece[] = [];
  let y: number | null = null;
  const flush = () => {
    if (run.length) lines.push(lineOf(run));
    run = [];
    y = null;
  };
  let lineSize = 0;
  for (const [i, item] of items.entries()) {
    const str = typeof item.str === 'string' ? item.str : '';
    const t = item.transform ?? [1, 0, 0, 1, 0, 0];
    const size = Math.abs(item.height || Math.hypot(t[2], t[3]) || 0);
    const blank = !str.trim();
    if (str && !blank && y !== null && raisedMark(str, size, t[5] - y, lineSize)) {
      // A small raised number or sign inside a line: a footnote mark after a word (left out, so
      // the sentence reads on), an exponent after a digit (kept, as superscript digits: 10⁵).
      const before = run.at(-1)?.str.trimEnd().slice(-1) ?? '';
      if (/\d/.test(before))
        run.push({ str: str.trim().replace(/\d/g, (d) => SUPERSCRIPT_DIGITS[Number(d)]), dir: item.dir ?? 'ltr', x: t[4], w: Number.NaN, size });
      if (item.hasEOL) flush();
      continue;
    }
    if (str) {
      // A new baseline starts a new line even without an end-of-line mark (words drawn one by one);
      // a blank between runs never does.
      if (!blank && y !== null && Math.abs(t[5] - y) > Math.max(1, size * 0.5)) flush();
      run.push({ str, dir: item.dir ?? 'ltr', x: t[4], w: typeof item.width === 'number' ? item.width : Number.NaN, size });
      if (!blank || y === null) y = t[5];
      if (!blank && (run.length === 1 || size > lineSize)) lineSize = size;
    }
    if (item.hasEOL && !goesOn(item, items[i + 1], size)) flush();
  }
  flush();
  return lines;
}

/**
 * A line end pdf.js reports on a glyph of no width that the next text goes on from, on the same
 * baseline: it starts a line with a cluster whose first glyph is a vowel sign drawn before its
 * consonant (Hindi "सिं"), and the line does not end there.
 */
function goesOn(item: TextItem, next: TextItem | undefined, size: number): boolean {
  if (!item.str?.trim() || !next?.str?.trim() || !item.transform || !next.transform) return false;
  const [x, y, w] = [item.transform[4], item.transform[5], item.width ?? Number.NaN];
  const [nx, ny] = [next.transform[4], next.transform[5]];
  // Of no width as pdf.js reads it, or made to reach the next text by the file's marks.
  const reach = w === 0 ? 2 * Math.max(size, 1) : w + Math.max(size, 1) * 0.1;
  // (A vowel mark read first may set the item a little above or below the line.)
  return Number.isFinite(reach) && Math.abs(ny - y) <= Math.max(1, size * 0.5) && nx >= x - 1 && nx <= x + reach;
}

const SUPERSCRIPT_DIGITS = '⁰¹²³⁴⁵⁶⁷⁸⁹';

/** Set smaller and above the baseline of the line it sits in, and only digits or note signs. */
function raisedMark(str: string, size: number, rise: number, lineSize: number): boolean {
  return size > 0 && size < lineSize * 0.85 && rise > lineSize * 0.1 && rise < lineSize && /^[\d*†‡§¹²³⁰-⁹]{1,3}$/.test(str.trim());
}

/** Arabic harakat and Hebrew points: marks set over or under the letter before them. */
const RTL_MARKS_ONLY = /^[\u0591-\u05c7\u064b-\u065f\u0670]+$/;
const RTL_MARK_AFTER_GAP = /(\s+)([\u0591-\u05c7\u064b-\u065f\u0670]+)/g;
const STRONG_RTL = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/g;
const STRONG_RTL_ONE = /[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff]/;
const STRONG_LTR = /[A-Za-z\u00c0-\u024f\u0370-\u03ff\u0400-\u04ff]/g;

/**
 * The size most of a line's characters are set in: one larger glyph (a Greek letter or a symbol
 * from another font inside a sentence) does not make a body line look like a heading.
 */
function mainSize(run: { str: string; size: number }[]): number {
  const weight = new Map<number, number>();
  for (const r of run) weight.set(r.size, (weight.get(r.size) ?? 0) + r.str.replace(/\s/g, '').length);
  let best = run[0]?.size ?? 0;
  for (const [size, n] of weight) if (n > (weight.get(best) ?? 0)) best = size;
  return best;
}

/**
 * A left-to-right line's pieces by position: a file may draw some glyphs of a line apart, before
 * the rest (LibreOffice draws a Bengali danda or a full stop in a fallback font in a text object of
 * its own). Such a piece, more than the size to the right of a piece after it, goes before the
 * first piece to its right; the others keep their order (a pre-base vowel sign may be drawn a
 * little to the left). A blank moves with the piece after it, unless that is punctuation.
 */
function inDrawnOrder(run: Piece[]) {
  const groups: (typeof run)[] = [];
  let blanks: typeof run = [];
  for (const r of run) {
    if (!r.str.trim()) blanks.push(r);
    else {
      groups.push([...blanks, r]);
      blanks = [];
    }
  }
  const x = (g: typeof run) => g[g.length - 1].x;
  const size = Math.max(1, ...run.map((r) => r.size));
  // The leftmost of the pieces after each one.
  const after = groups.map(() => Infinity);
  for (let i = groups.length - 2; i >= 0; i--) after[i] = Math.min(after[i + 1], x(groups[i + 1]));
  const apart = groups.filter((g, i) => x(g) > after[i] + size);
  if (!apart.length) return run;
  // A full stop goes without the blank drawn before it; that blank goes where it was drawn (a file
  // may draw a line's word gaps together with its full stops, all in one text object), unless that
  // is right before a full stop.
  const stop = (g: typeof run) => /^\p{P}/u.test(g[g.length - 1].str.trim());
  const kept = groups.filter((g) => !apart.includes(g));
  const moved = apart.flatMap((g) => {
    if (!stop(g)) return [g];
    const last = g[g.length - 1];
    return [[{ ...last, str: last.str.trimStart() }], ...(g.length > 1 ? [g.slice(0, -1)] : [])];
  });
  const blank = (g: typeof run) => !g.some((r) => r.str.trim());
  for (const g of moved.sort((a, b) => x(a) - x(b))) {
    let at = kept.findIndex((k) => x(k) > x(g));
    if (at < 0) at = kept.length;
    // A full stop drawn in the word gap that starts right before it ends the word before the gap.
    if (stop(g) && at > 0 && blank(kept[at - 1]) && x(g) - x(kept[at - 1]) < size) at--;
    kept.splice(at, 0, g);
  }
  for (let i = kept.length - 2; i >= 0; i--) if (blank(kept[i]) && moved.includes(kept[i + 1]) && stop(kept[i + 1])) kept.splice(i, 1);
  return [...kept.flat(), ...blanks];
}

function lineOf(pieces: Piece[]): PdfLine {
  const size = mainSize(pieces);
  const rtl = pieces.reduce((n, r) => n + (r.str.match(STRONG_RTL)?.length ?? 0), 0);
  const run = rtl ? pieces : inDrawnOrder(pieces);
  const text = run.map((r) => r.str).join('');
  // A line of a right-to-left paragraph may hold mostly Latin words ("Excel و Word."): the file then
  // draws its runs from right to left.
  const drawnRtl = rtl > 0 && run.every((r, i) => i === 0 || r.x < run[i - 1].x);
  if (run.length < 2 || (rtl <= (text.match(STRONG_LTR)?.length ?? 0) && !drawnRtl)) return { text, size };
  // Right to left by position; then each run of consecutive left-to-right pieces back to left to right.
  // A vowel mark drawn on its own over a word (pdf.js reads it apart, mostly at the word's left
  // edge, its last letter) goes right after that word.
  const words = run.filter((r) => !RTL_MARKS_ONLY.test(r.str) && r.str.trim() && Number.isFinite(r.w));
  // A blank pdf.js reports right after a glyph it read as having no width starts inside that
  // glyph: it goes by where it ends.
  const widthless = run.filter((r) => r.w === 0 && r.str.trim());
  const afterWidthless = (r: Piece) => !r.str.trim() && Number.isFinite(r.w) && widthless.some((z) => Math.abs(z.x - r.x) <= 1);
  const at = new Map(
    run.map((r) => {
      const over = RTL_MARKS_ONLY.test(r.str) ? words.find((w) => r.x >= w.x - w.size * 0.25 && r.x <= w.x + w.w + 1) : undefined;
      return [r, over ? over.x - 0.001 : afterWidthless(r) ? r.x + r.w - 0.01 : r.x];
    }),
  );
  const byX = [...run].sort((a, b) => at.get(b)! - at.get(a)!);
  const ordered: typeof run = [];
  // Numbers stand as runs of their own between right-to-left words, as the bidi algorithm has them.
  const latin = (str: string) => /\p{L}/u.test(str) && !STRONG_RTL_ONE.test(str);
  for (let i = 0; i < byX.length;) {
    if (!latin(byX[i].str)) {
      ordered.push(byX[i++]);
      continue;
    }
    let j = i + 1;
    while (j < byX.length && (latin(byX[j].str) || (!byX[j].str.trim() && j + 1 < byX.length && latin(byX[j + 1].str)))) j++;
    ordered.push(...byX.slice(i, j).reverse());
    i = j;
  }
  // A number or Latin word ending the line, read with the full stop set at its left: ".2021" is "2021.".
  const end = ordered.at(-1);
  const stop = end && !STRONG_RTL_ONE.test(end.str) ? /^([.!?:;]+)(?=[\p{L}\p{N}])/u.exec(end.str) : null;
  if (end && stop) ordered[ordered.length - 1] = { ...end, str: `${end.str.slice(stop[0].length)}${stop[1]}` };
  let joined = '';
  let last: Piece | undefined;
  for (const piece of ordered) {
    // Words drawn one by one often carry no space between them (none after a hyphen: "ל-85");
    // pieces drawn touching are one word ("ב-2021", "(انظر").
    if (joined && !/[\s-]$/.test(joined) && !/^[\s.,;:!?،؛؟)\]]/.test(piece.str) && !RTL_MARKS_ONLY.test(piece.str) && !(last && touching(last, piece)))
      joined += ' ';
    // Punctuation alone between right-to-left words is drawn in visual order: ".)" reads ")."
    joined += !/[\p{L}\p{N}]/u.test(piece.str) ? Array.from(piece.str).reverse().join('') : piece.str;
    last = piece;
  }
  // A sentence end set at the left of a right-to-left line ends it in reading order.
  const lead = /^([.!?،؛؟:]+)(?=\s*[\u0590-\u08ff])/.exec(joined);
  if (lead) joined = `${joined.slice(lead[0].length).trimEnd()}${lead[1]}`;
  // A mark never starts a word: pdf.js sets the word gap before the mark of the last letter.
  return { text: joined.replace(RTL_MARK_AFTER_GAP, '$2$1').replace(/ {2,}/g, ' ').trim(), size };
}

/** Two pieces of a line drawn with no gap between them (their widths known). */
function touching(a: Piece, b: Piece): boolean {
  if (!Number.isFinite(a.w) || !Number.isFinite(b.w)) return false;
  const gap = Math.max(a.x, b.x) - Math.min(a.x + a.w, b.x + b.w);
  return gap < Math.max(a.size, b.size) * 0.08;
}

/** Outline (bookmark) entries used as headings: the top level, or the level below a lone top entry. */
async function outlineHeadings(pdf: PdfDocument, pageCount: number): Promise<string[][] | null> {
  let outline: OutlineItem[] | null;
  try {
    outline = (await pdf.getOutline()) as OutlineItem[] | null;
  } catch {
    return null;
  }
  if (!outline?.length) return null;
  let level = outline;
  while (level.length === 1 && level[0].items?.length) level = level[0].items;
  // A flat outline of two or three entries gets the level below too (a paper's few sections).
  const entries = level.length < 4 ? level.flatMap((e) => [e, ...(e.items ?? [])]) : level;
  const byPage: string[][] = Array.from({ length: pageCount }, () => []);
  let found = 0;
  for (const entry of entries) {
    const title = entry.title?.replace(/\s+/g, ' ').trim();
    if (!title) continue;
    const index = await pageIndexOf(pdf, entry.dest);
    if (index === null || index < 0 || index >= pageCount) continue;
    byPage[index].push(title.slice(0, 200));
    found++;
  }
  return found ? byPage : null;
}

interface OutlineItem {
  title?: string;
  dest?: string | unknown[] | null;
  items?: OutlineItem[];
}
type PdfDocument = { getOutline(): Promise<unknown>; getDestination(id: string): Promise<unknown[] | null>; getPageIndex(ref: unknown): Promise<number> };

async function pageIndexOf(pdf: PdfDocument, dest: OutlineItem['dest']): Promise<number | null> {
  try {
    const explicit = typeof dest === 'string' ? await pdf.getDestination(dest) : dest;
    const target = explicit?.[0];
    if (typeof target === 'number') return target;
    if (target && typeof target === 'object') return await pdf.getPageIndex(target);
  } catch {
    // a broken destination is no heading
  }
  return null;
}

/**
 * Headings found by size when a PDF has no outline: short lines set clearly larger than the body
 * text (its most common size). The largest such size used at least twice is the section level
 * (a size used once is the document's title); only lines of that size count.
 */
export function sizeHeadings(linesOf: PdfLine[][]): string[][] {
  const weight = new Map<number, number>();
  const key = (size: number) => Math.round(size * 2) / 2;
  for (const lines of linesOf) for (const l of lines) weight.set(key(l.size), (weight.get(key(l.size)) ?? 0) + Math.max(1, l.text.length));
  const body = [...weight.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const looksLikeHeading = (l: PdfLine) => {
    const words = l.text.trim().split(/\s+/).length;
    return key(l.size) >= body * 1.15 && /\p{L}/u.test(l.text) && words <= 14 && !/[,;]$/.test(l.text.trim());
  };
  // A heading set on two lines (wrapped) is one heading.
  const joinedOf = linesOf.map((lines) => {
    const out: PdfLine[] = [];
    for (const l of lines) {
      const last = out[out.length - 1];
      if (last && key(last.size) === key(l.size) && key(l.size) >= body * 1.15 && l.text && last.text)
        out[out.length - 1] = { text: `${last.text.trim()} ${l.text.trim()}`, size: l.size };
      else out.push(l);
    }
    return out;
  });
  const uses = new Map<number, number>();
  for (const lines of joinedOf) for (const l of lines) if (looksLikeHeading(l)) uses.set(key(l.size), (uses.get(key(l.size)) ?? 0) + 1);
  const level = [...uses.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[0] - a[0])[0]?.[0];
  if (level === undefined) return capitalHeadings(joinedOf);
  return joinedOf.map((lines) => lines.filter((l) => key(l.size) === level && looksLikeHeading(l)).map((l) => l.text.trim().slice(0, 200)));
}

/**
 * Headings set in capitals at the body's size (typewritten and older typeset documents): short
 * lines of their own with no lower-case letter and no sentence end, when there are at least two.
 */
function capitalHeadings(linesOf: PdfLine[][]): string[][] {
  const isCapitalHeading = (text: string) => {
    const t = text.trim();
    const words = t.split(/\s+/);
    return (
      /^[\p{L}\p{N}]/u.test(t) &&
      (t.match(/\p{Lu}/gu)?.length ?? 0) >= 4 &&
      !/\p{Ll}/u.test(t) &&
      words.length >= 1 &&
      words.length <= 10 &&
      !/[.,;:]$/.test(t) &&
      !/^[\p{N}\s.,:;()-]+$/u.test(t)
    );
  };
  const found = linesOf.map((lines) => lines.filter((l) => isCapitalHeading(l.text)).map((l) => l.text.trim().slice(0, 200)));
  return found.flat().length >= 2 ? found : linesOf.map(() => []);
}
