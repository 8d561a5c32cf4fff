import type { ExtractedPage } from './types';
import { wordCount } from './types';

/** A sentence's end: full stop, question or exclamation mark (Latin, CJK, Devanagari, Arabic), before closing quotes or brackets. */
const SENTENCE_END = /[.!?…。！？।॥؟]["'”’)\]]*$/u;
/** Longest line that can be a heading found this way (in characters). */
const MAX_CHARS = 60;
const MAX_WORDS = 8;
/** Fewest heading lines a document needs before any of them counts: one or two short lines prove nothing. */
const MIN_HEADINGS = 3;
/** Fewest words of the paragraph a heading line opens. */
const MIN_PARAGRAPH_WORDS = 12;

/**
 * Headings of a document that has no styled ones (a PDF without outline or larger type, a Word
 * file without heading styles, plain text): short lines standing alone, as "Introduction",
 * "Method", "Results" stand in a report. A line counts only when the line before it ends a
 * sentence, is blank or is short itself (a title), so it is not the tail of a wrapped sentence; it has no sentence
 * end or trailing punctuation of its own, it is clearly shorter than the document's lines of body
 * text, and the next line opens a paragraph of some length. Found fewer than three times in the
 * document, none counts: a false heading cuts a section where the document has none, which is
 * worse than no heading.
 */
export function lineHeadings(pages: Pick<ExtractedPage, 'text'>[]): string[][] {
  const linesOf = pages.map((p) => p.text.split('\n').map((l) => l.trim()));
  const body = linesOf.flat().filter((l) => l.length > MAX_CHARS / 2);
  const lengths = body.map((l) => l.length).sort((a, b) => a - b);
  const median = lengths.length ? lengths[Math.floor(lengths.length / 2)] : 0;
  // A line said more than once (digits aside) is a running header or a label, not a heading.
  const seen = new Map<string, number>();
  for (const line of linesOf.flat()) if (line) seen.set(lineKey(line), (seen.get(lineKey(line)) ?? 0) + 1);
  const found: string[][] = linesOf.map(() => []);
  // Lines above, across page breaks: the first line of a page may go on with the last of the page before.
  let before = '';
  linesOf.forEach((lines, p) => {
    lines.forEach((line, i) => {
      // A blank line ends a paragraph; a title or another short line above stands alone too.
      const alone = !before || SENTENCE_END.test(before) || isCandidate(before, median);
      if (line && alone && isCandidate(line, median) && seen.get(lineKey(line)) === 1 && opensParagraph(lines, i)) found[p].push(line);
      before = line;
    });
  });
  const distinct = new Set(found.flat().map((h) => h.toLowerCase()));
  return distinct.size >= MIN_HEADINGS ? found : linesOf.map(() => []);
}

function isCandidate(line: string, median: number): boolean {
  const words = wordCount(line);
  return (
    line.length <= MAX_CHARS &&
    // Clearly shorter than a printed line of body text (the last line of a paragraph ends a sentence).
    median > 0 &&
    line.length <= median * 0.6 &&
    words >= 1 &&
    words <= MAX_WORDS &&
    /^[\p{Lu}\p{Lo}\p{N}]/u.test(line) &&
    /\p{L}/u.test(line) &&
    !SENTENCE_END.test(line) &&
    !/[,;:\-–—/&+(]$/.test(line) &&
    // A table row (cells joined on one line), code or an address, a bullet or a number alone.
    !line.includes(' · ') &&
    !CODE.test(line) &&
    !/^[•▪◦●■–—*-]/u.test(line) &&
    !/^[\p{N}\s.,:;()-]+$/u.test(line)
  );
}

/**
 * Whether the lines after line `i` begin a paragraph of prose: a longer line, not in lower case,
 * some words in the next few lines and a sentence ending among them (code and tables have none).
 */
function opensParagraph(lines: string[], i: number): boolean {
  const next = lines[i + 1] ?? '';
  if (next.length <= lines[i].length || !/^["'“‘(]?[\p{Lu}\p{Lo}\p{N}]/u.test(next) || CODE.test(next)) return false;
  const paragraph = [];
  for (let j = i + 1; j < Math.min(lines.length, i + 4) && lines[j]; j++) paragraph.push(lines[j]);
  const text = paragraph.join(' ');
  return wordCount(text) >= MIN_PARAGRAPH_WORDS && PROSE_END.test(text);
}

/** Characters of code, addresses and formulas, not of headings or prose. */
const CODE = /[=@_{}<>[\]|\\#$%^~`]/;
const PROSE_END = /\p{L}[.!?。！？।؟]["'”’)]*(\s|$)/u;
const lineKey = (line: string) => line.toLowerCase().replace(/\p{Nd}+/gu, '#');
