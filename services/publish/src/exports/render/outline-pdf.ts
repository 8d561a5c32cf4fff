import type { Outline, OutlineBlock, OutlineLink } from '@visualnotes/contracts';
import PDFDocument from 'pdfkit';
import type { FontBook } from './fonts';
import { pdfBuffer } from './formats';

/**
 * A summary (an outline of headings, paragraphs and list items with links to moments and pages)
 * as an A4 PDF: text set in the export fonts (each character in the first font that has it, so
 * Chinese, Arabic and Hindi come out as written), selectable and searchable, with every moment and
 * page a link. pdfkit shapes each run through fontkit; the lines are broken here (pdfkit's own
 * wrapping knows one font per call and no right-to-left order).
 */

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const FAMILY = 'helvetica';
const COLORS = { text: '#1f2328', muted: '#57606a', link: '#1a56db' };

const STYLES = {
  title: { size: 20, before: 0, after: 10, color: COLORS.text },
  heading: { size: 14, before: 14, after: 4, color: COLORS.text },
  paragraph: { size: 10.5, before: 2, after: 6, color: COLORS.text },
  item: { size: 10.5, before: 1, after: 3, color: COLORS.text },
  link: { size: 10, before: 0, after: 6, color: COLORS.link },
} as const;
const LEADING = 1.45;
const BULLET_INDENT = 14;

/** A piece of a line: text in one font and colour, maybe a link. */
interface Piece {
  text: string;
  font: string;
  width: number;
  color: string;
  href?: string;
}

const WORDS = new Intl.Segmenter(undefined, { granularity: 'word' });
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const RTL = /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u;
const STRONG = /[\p{L}\p{N}]/u;
/** Indic, Sinhala, Myanmar and Khmer: shaping moves vowel signs and repha away from where they are typed. */
const REORDERED = /[\u0900-\u0DFF\u1000-\u109F\u1780-\u17FF]/;

/** Right to left when the first letter is of a right-to-left script. */
export function isRtl(text: string): boolean {
  const first = STRONG.exec(text);
  return first ? RTL.test(first[0]) : false;
}

/**
 * A left-to-right line's neighbouring pieces of one font, colour and link as one: fewer text
 * operations, and a script's words read back in order. Right to left, each word stays a piece of
 * its own, so digits and Latin words inside it keep their order (fontkit reverses a whole run).
 */
function joined(line: Piece[]): Piece[] {
  const out: Piece[] = [];
  for (const piece of line) {
    const last = out[out.length - 1];
    if (last && last.font === piece.font && last.color === piece.color && last.href === piece.href) {
      last.text += piece.text;
      last.width += piece.width;
    } else out.push({ ...piece });
  }
  return out;
}

/**
 * A right-to-left line cut into stretches of one direction: pieces with a right-to-left letter, and
 * pieces of left-to-right letters or digits; spaces and punctuation join the stretch they follow.
 */
function directionGroups(line: Piece[]): { ltr: boolean; pieces: Piece[] }[] {
  const groups: { ltr: boolean; pieces: Piece[] }[] = [];
  for (const piece of line) {
    const last = groups[groups.length - 1];
    const ltr = RTL.test(piece.text) ? false : STRONG.test(piece.text) ? true : null;
    if (last && (ltr === null || ltr === last.ltr)) last.pieces.push(piece);
    else groups.push({ ltr: ltr ?? false, pieces: [piece] });
  }
  return groups;
}

export class OutlinePdf {
  private readonly doc: PDFKit.PDFDocument;
  private y = PAGE.margin;
  private pages = 1;

  constructor(
    private readonly fonts: FontBook,
    title: string,
  ) {
    this.doc = new PDFDocument({
      size: [PAGE.width, PAGE.height],
      margin: 0,
      compress: true,
      info: { Title: title, Creator: 'VisualNotes' },
      pdfVersion: '1.7',
    });
  }

  /** Cuts `text` into breakable words, each split into runs of one font with its width. */
  private words(text: string, size: number, color: string, href?: string): Piece[][] {
    const out: Piece[][] = [];
    for (const { segment } of WORDS.segment(text.replace(/\s+/g, ' '))) {
      const runs = this.fonts.runs(FAMILY, segment).map((r) => ({ ...r, color, href, width: this.measure(r.text, r.font, size) }));
      if (!runs.length) continue;
      // spaces stay with the word before them: a line never starts with one
      if (/^\s+$/.test(segment) && out.length) out[out.length - 1].push(...runs);
      else out.push(runs);
    }
    return out;
  }

  private measure(text: string, font: string, size: number): number {
    return this.doc.font(font).fontSize(size).widthOfString(text);
  }

  /** A word wider than a line, cut between characters. */
  private split(word: Piece[], width: number, size: number): Piece[][] {
    const parts: Piece[][] = [[]];
    let used = 0;
    for (const run of word) {
      for (const { segment } of GRAPHEMES.segment(run.text)) {
        const w = this.measure(segment, run.font, size);
        if (used + w > width && used > 0) {
          parts.push([]);
          used = 0;
        }
        parts[parts.length - 1].push({ ...run, text: segment, width: w });
        used += w;
      }
    }
    return parts.map(joined);
  }

  /** Words into lines of at most `width`. */
  private lines(words: Piece[][], width: number, size: number): Piece[][] {
    const lines: Piece[][] = [];
    let line: Piece[] = [];
    let used = 0;
    const trailing = (pieces: Piece[]) => {
      const last = pieces[pieces.length - 1];
      const spaces = last ? /\s*$/.exec(last.text)![0] : '';
      return spaces ? this.measure(spaces, last.font, size) : 0;
    };
    for (const word of words) {
      const w = word.reduce((n, p) => n + p.width, 0);
      if (used + w - trailing(word) > width && line.length) {
        lines.push(line);
        line = [];
        used = 0;
      }
      if (w - trailing(word) > width) {
        const parts = this.split(word, width, size);
        lines.push(...parts.slice(0, -1));
        line = parts[parts.length - 1];
        used = line.reduce((n, p) => n + p.width, 0);
        continue;
      }
      line.push(...word);
      used += w;
    }
    if (line.length) lines.push(line);
    return lines;
  }

  private space(height: number) {
    if (this.y + height <= PAGE.height - PAGE.margin) return;
    this.doc.addPage({ size: [PAGE.width, PAGE.height], margin: 0 });
    this.pages++;
    this.y = PAGE.margin;
  }

  /** A block of text: its lines set from the left (or, right to left, from the right) edge of its column. */
  private block(words: Piece[][], style: (typeof STYLES)[keyof typeof STYLES], indent = 0, bullet = false, rtl = false) {
    const { size } = style;
    const lineHeight = size * LEADING;
    const width = PAGE.width - 2 * PAGE.margin - indent;
    const lines = this.lines(words, width, size);
    this.y += this.y > PAGE.margin ? style.before : 0;
    lines.forEach((line, i) => {
      this.space(lineHeight);
      const baseline = this.y + size;
      if (bullet && i === 0) {
        const bx = rtl ? PAGE.width - PAGE.margin - BULLET_INDENT / 2 : PAGE.margin + 2;
        this.doc.circle(bx + 1.5, baseline - size * 0.33, 1.6).fill(COLORS.muted);
      }
      const draw = (piece: Piece, x: number) => {
        // glyphs of scripts whose letters are reordered when shaped carry their text as written, for search and copy
        const actual = REORDERED.test(piece.text);
        if (actual) this.doc.markContent('Span', { actual: piece.text });
        this.doc.font(piece.font).fontSize(size).fillColor(piece.color).text(piece.text, x, baseline, { lineBreak: false, baseline: 'alphabetic' });
        if (actual) this.doc.endMarkedContent();
        const visible = piece.text.trimEnd();
        if (piece.href && visible) this.doc.link(x, this.y, this.measure(visible, piece.font, size), lineHeight, piece.href);
      };
      if (rtl) {
        // right to left from the right edge; a stretch of left-to-right words ("1:02:03", "Page 4") keeps its order
        let x = PAGE.width - PAGE.margin - indent;
        for (const group of directionGroups(line)) {
          if (group.ltr) {
            x -= group.pieces.reduce((n, p) => n + p.width, 0);
            // its trailing space goes on its left, between it and the right-to-left words after it
            const pieces = joined(group.pieces);
            const last = pieces[pieces.length - 1];
            const space = /\s*$/.exec(last.text)![0];
            let at = x;
            if (space) {
              at += this.measure(space, last.font, size);
              last.text = last.text.slice(0, -space.length);
            }
            for (const piece of pieces) {
              draw(piece, at);
              at += piece.width;
            }
          } else
            for (const piece of group.pieces) {
              x -= piece.width;
              draw(piece, x);
            }
        }
      } else {
        let x = PAGE.margin + indent;
        for (const piece of joined(line)) {
          draw(piece, x);
          x += piece.width;
        }
      }
      this.y += lineHeight;
    });
    this.y += style.after;
  }

  /** The words of a block with its link first ("12:05 ", "Page 4 ") and a bold-like lead in its colour. */
  private content(text: string, size: number, color: string, at?: OutlineLink, strong?: string): Piece[][] {
    return [
      ...(at ? this.words(`${at.label} `, size, COLORS.link, at.href) : []),
      ...(strong ? this.words(`${strong} `, size, COLORS.muted) : []),
      ...this.words(text, size, color),
    ];
  }

  add(block: OutlineBlock) {
    switch (block.type) {
      case 'title':
        return this.block(this.words(block.text, STYLES.title.size, STYLES.title.color), STYLES.title, 0, false, isRtl(block.text));
      case 'link':
        return this.block(this.words(block.href, STYLES.link.size, STYLES.link.color, block.href), STYLES.link);
      case 'heading':
        return this.block(this.content(block.text, STYLES.heading.size, STYLES.heading.color, block.at), STYLES.heading, 0, false, isRtl(block.text));
      case 'paragraph':
        return this.block(this.words(block.text, STYLES.paragraph.size, STYLES.paragraph.color), STYLES.paragraph, 0, false, isRtl(block.text));
      case 'item':
        return this.block(
          this.content(block.text, STYLES.item.size, STYLES.item.color, block.at, block.strong),
          STYLES.item,
          BULLET_INDENT,
          true,
          isRtl(block.text),
        );
    }
  }

  async finish(): Promise<{ data: Buffer; pages: number }> {
    return { data: await pdfBuffer(this.doc), pages: this.pages };
  }
}

/** The outline as a PDF. */
export async function outlinePdf(outline: Outline, fonts: FontBook): Promise<{ data: Buffer; pages: number }> {
  const pdf = new OutlinePdf(fonts, outline.title);
  for (const block of outline.blocks) pdf.add(block);
  return pdf.finish();
}
