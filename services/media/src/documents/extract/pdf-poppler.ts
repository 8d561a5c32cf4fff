import { spawn } from 'node:child_process';
import { StringDecoder } from 'node:string_decoder';

/** A line as poppler's pdftotext reads it: its words, and the height of their boxes (in points). */
export interface PopplerLine {
  text: string;
  height: number;
}

/**
 * A page as pdftotext reads it. `plain`: nothing on it needs pdf.js's careful reading: its letters
 * are Latin, Greek or Cyrillic (no right-to-left, CJK, Indic or other complex script, no combining
 * marks, no control codes, no ligature letters), every line is set in one size (no raised
 * footnote marks or exponents, no symbols from other fonts), no lines stand side by side
 * (columns, tables), and it has text.
 */
export interface PopplerPage {
  lines: PopplerLine[];
  plain: boolean;
}

/** After this many pages, a range where most are not plain is left to pdf.js. */
const EARLY_PAGES = 8;
/** Most bytes of pdftotext's answer read: past it the pages are left to pdf.js. */
const MAX_OUTPUT = 256 * 1024 * 1024;

/**
 * Pages `from` to `to` of a PDF read by pdftotext (`-bbox-layout`: lines and word boxes), or null
 * when pdftotext (`bin`) is not installed, fails, or takes longer than `timeoutMs` (it is then stopped).
 */
export function popplerPages(bin: string, data: Buffer, from: number, to: number, timeoutMs: number): Promise<PopplerPage[] | null> {
  return new Promise((resolve) => {
    const args = ['-q', '-f', String(from), '-l', String(to), '-enc', 'UTF-8', '-bbox-layout', '-', '-'];
    const child = spawn(bin, args, { stdio: ['pipe', 'pipe', 'ignore'] });
    const reader = bboxLayoutReader();
    const decoder = new StringDecoder('utf8');
    let size = 0;
    let done = false;
    const finish = (pages: PopplerPage[] | null) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      resolve(pages);
    };
    const timer = setTimeout(() => finish(null), timeoutMs);
    child.on('error', () => finish(null));
    child.stdin.on('error', () => undefined); // a pdftotext that stops early closes its input
    child.stdout.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_OUTPUT) finish(null);
      else if (!done) {
        reader.feed(decoder.write(chunk));
        // A document in a script pdf.js reads (Arabic, Hindi, Chinese…): pdftotext is stopped early.
        const read = reader.pages();
        if (read.length >= EARLY_PAGES && read.length < 4 * EARLY_PAGES && read.filter((p) => p.plain).length < read.length / 2) finish(null);
      }
    });
    child.on('close', (code) => {
      if (code !== 0) return finish(null);
      reader.feed(decoder.end());
      finish(reader.end());
    });
    child.stdin.end(data);
  });
}

/** Letters and signs the plain pages may hold: Latin, Greek and Cyrillic text (no combining marks), common punctuation and signs. */
function plainChar(c: number): boolean {
  return (
    (c >= 0x21 && c <= 0x7e) ||
    (c >= 0xa1 && c <= 0x24f) ||
    (c >= 0x370 && c <= 0x3ff) ||
    (c >= 0x400 && c <= 0x482) ||
    (c >= 0x48a && c <= 0x4ff) ||
    (c >= 0x2010 && c <= 0x2027) ||
    (c >= 0x2030 && c <= 0x205e) ||
    (c >= 0x20a0 && c <= 0x20bf) ||
    c === 0x2122
  );
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const unescapeXml = (s: string) =>
  s.indexOf('&') < 0
    ? s
    : s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (all, e: string) => {
        if (e[0] !== '#') return ENTITIES[e] ?? all;
        const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : Number(e.slice(1));
        return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : all;
      });

/**
 * Reads pdftotext's `-bbox-layout` answer (XHTML: page, flow, block, line, word with its box) as it
 * comes, a piece at a time (a long book's answer is tens of megabytes: it is never held whole).
 */
export function bboxLayoutReader(): { feed(text: string): void; pages(): PopplerPage[]; end(): PopplerPage[] } {
  const pages: PopplerPage[] = [];
  const tag = /<page\b[^>]*>|<\/page>|<line\b[^>]*>|<\/line>|<word\b[^>]*\byMin="([-\d.]+)"[^>]*\byMax="([-\d.]+)"[^>]*>([^<]*)<\/word>/g;
  let page: PopplerPage | null = null;
  let words: string[] = [];
  let heights: number[] = [];
  let plainLine = true;
  /** Where each line of the page stands, top to bottom (yMin, yMax). */
  let spans: [number, number][] = [];
  let rest = '';
  const read = (xml: string) => {
    tag.lastIndex = 0;
    for (let m; (m = tag.exec(xml));) {
      const t = m[0];
      if (t.startsWith('<page')) {
        page = { lines: [], plain: true };
        spans = [];
      } else if (t === '</page>') {
        // A page without text may still have some pdf.js reads (glyphs without a map, an empty box).
        if (page) pages.push(page.lines.length && !sideBySide(spans) ? page : { ...page, plain: false });
        page = null;
      } else if (t.startsWith('<line')) {
        words = [];
        heights = [];
        plainLine = true;
        const y = /\byMin="([-\d.]+)"[^>]*\byMax="([-\d.]+)"/.exec(t);
        if (y) spans.push([Number(y[1]), Number(y[2])]);
      } else if (t === '</line>') {
        if (!page || !words.length) continue;
        const top = Math.max(...heights);
        if (!plainLine || heights.some((h) => Math.abs(h - top) > top * 0.01)) page.plain = false;
        page.lines.push({ text: words.join(' '), height: top });
      } else {
        const word = unescapeXml(m[3]);
        if (!word) continue;
        for (let i = 0; i < word.length && plainLine; i++) plainLine = plainChar(word.charCodeAt(i));
        words.push(word);
        heights.push(Number(m[2]) - Number(m[1]));
      }
    }
  };
  return {
    feed(text) {
      // Up to the last element that closed; the rest waits for the next piece.
      const all = rest + text;
      const cut = Math.max(all.lastIndexOf('</word>'), all.lastIndexOf('</line>'), all.lastIndexOf('</page>'));
      if (cut < 0) {
        rest = all;
        return;
      }
      const end = all.indexOf('>', cut) + 1;
      read(all.slice(0, end));
      rest = all.slice(end);
    },
    pages: () => pages,
    end() {
      read(rest);
      rest = '';
      return pages;
    },
  };
}

/**
 * Lines set side by side (columns, a table's cells, a note in the margin): pdftotext and pdf.js
 * may put their text in another order, so pdf.js reads such a page as it always did.
 */
function sideBySide(spans: [number, number][]): boolean {
  const sorted = spans.slice().sort((a, b) => a[0] - b[0]);
  for (let i = 1; i < sorted.length; i++) {
    const [top, bottom] = sorted[i];
    const overlap = Math.min(bottom, sorted[i - 1][1]) - top;
    if (overlap > (bottom - top) * 0.5) return true;
  }
  return false;
}

/** The pages of a whole `-bbox-layout` answer. */
export function parseBboxLayout(xml: string): PopplerPage[] {
  const reader = bboxLayoutReader();
  reader.feed(xml);
  return reader.end();
}
