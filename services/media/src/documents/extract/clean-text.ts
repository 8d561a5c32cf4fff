import { DomainError, isReferencesHeading } from '@visualnotes/contracts';
import { lineHeadings } from './line-headings';
import type { ExtractedDocument, ExtractedPage } from './types';
import { tidy } from './types';

/**
 * Control characters (C0 and C1, except tab and newline; vertical tab and form feed become spaces), Unicode noncharacters (U+FFFE/U+FFFF
 * of every plane, U+FDD0..U+FDEF), unpaired surrogates, the byte-order mark and stray soft
 * hyphens: none of them is text a reader sees, and they break sentence splitting and display.
 */
const INVISIBLE =
  // eslint-disable-next-line no-control-regex -- control characters are what this removes
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\ufeff\u00ad\ufdd0-\ufdef\ufffe\uffff]|[\ud83f\ud87f\ud8bf\ud8ff\ud93f\ud97f\ud9bf\ud9ff\uda3f\uda7f\udabf\udaff\udb3f\udb7f\udbbf\udbff][\udffe\udfff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
/** What a font without a usable character map turns into: replacement, private-use and unassigned characters. */
const GARBAGE = /[\ufffd\p{Co}\p{Cn}]/gu;
const READABLE = /[\p{L}\p{N}]/gu;
const HAS_READABLE = /[\p{L}\p{N}]/u;
const HAS_GARBAGE = /[\ufffd\p{Co}\p{Cn}]/u;

/** Unicode NFC, ligatures as letters, one kind of line break, no invisible or control characters (a soft hyphen at a line end still joins the word). */
export function normalizeText(text: string): string {
  return (
    text
      .replace(/\r\n?|[\u2028\u2029\u0085]/g, '\n')
      .replace(/\u00ad[ \t]*\n[ \t]*/g, '')
      .replace(/[\v\f]/g, ' ')
      .replace(INVISIBLE, '')
      // Typeset ligatures (ﬁ, ﬂ, ﬀ, ﬃ, ﬄ, ﬅ, ﬆ) back to their letters: words are searched, split and compared.
      .replace(/[\ufb00-\ufb06]/g, (c) => c.normalize('NFKC'))
      .normalize('NFC')
  );
}

/** Words written with a hyphen inside a line somewhere in the text ("well-known"), lower-cased. */
export function hyphenatedWords(texts: string[]): Set<string> {
  const words = new Set<string>();
  for (const text of texts) for (const m of text.matchAll(/\p{L}+[-\u2010]\p{L}+/gu)) words.add(m[0].replace('\u2010', '-').toLowerCase());
  return words;
}

/**
 * Joins words a typesetter broke at a line end ("justi-\nfied" → "justified") when the next line
 * goes on in lower case. A compound the document also writes with its hyphen inside a line
 * ("well-known") keeps the hyphen.
 */
export function dehyphenate(text: string, compounds: Set<string> = new Set()): string {
  return text.replace(/(\p{L}+)[-\u2010][ \t]*\n[ \t]*(\p{Ll}\p{L}*)/gu, (_, head: string, tail: string) =>
    compounds.has(`${head}-${tail}`.toLowerCase()) ? `${head}-${tail}` : `${head}${tail}`,
  );
}

const lineKey = (line: string) =>
  line
    .toLowerCase()
    .replace(/\p{Nd}+/gu, '#')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * Removes running headers, footers and page numbers: a first or last line that, with its digits
 * made alike, starts or ends at least half of the pages (or half of the even or of the odd pages,
 * for books whose left and right pages differ). Two lines deep at each end, for a header above a
 * page number. Documents of fewer than three pages are left alone.
 */
export function removeRunningLines(pages: string[]): string[] {
  if (pages.length < 3) return pages;
  const lines = pages.map((p) => p.split('\n').filter((l) => l.trim()));
  for (let round = 0; round < 2; round++) {
    for (const end of ['first', 'last'] as const) {
      const pick = (ls: string[]) => (ls.length ? lineKey(end === 'first' ? ls[0] : ls[ls.length - 1]) : null);
      const running = new Set<string>();
      const groups = [lines.map((_, i) => i), lines.map((_, i) => i).filter((i) => i % 2 === 0), lines.map((_, i) => i).filter((i) => i % 2 === 1)];
      for (const group of groups) {
        const counts = new Map<string, number>();
        for (const i of group) {
          const key = pick(lines[i]);
          if (key) counts.set(key, (counts.get(key) ?? 0) + 1);
        }
        const needed = Math.max(2, Math.ceil(group.length / 2));
        for (const [key, n] of counts) if (n >= needed) running.add(key);
      }
      if (!running.size) continue;
      for (const ls of lines) {
        const key = pick(ls);
        // A page is never emptied of its only line.
        if (key && running.has(key) && ls.length > 1) {
          if (end === 'first') ls.shift();
          else ls.pop();
        }
      }
    }
  }
  return lines.map((ls) => ls.join('\n'));
}

/**
 * Text a reader could not read: mostly replacement, private-use or unassigned characters, or, on
 * a page of some length, hardly any letters or digits at all.
 */
export function isUnreadable(text: string): boolean {
  const visible = text.replace(/\s+/g, '').length;
  if (!visible) return false;
  const garbage = text.match(GARBAGE)?.length ?? 0;
  const readable = text.match(READABLE)?.length ?? 0;
  return garbage / visible > 0.3 || readable === 0 || (visible >= 20 && readable / visible < 0.2);
}

export interface CleanOptions {
  /** Pages are printed pages or slides, whose repeated first and last lines are running headers and footers. */
  runningLines: boolean;
  /** Whether the document holds pictures (then a document without text is likely a scan); asked only then. */
  hasImages?: () => boolean;
}

/**
 * The text of every page cleaned the same way, whatever the format: normalized, without control
 * characters, line-end hyphens joined, running headers and page numbers removed. A page that is
 * still unreadable loses its text. A document left without text is refused, saying whether it was
 * unreadable, pictures only, or empty.
 */
export function cleanDocument(doc: ExtractedDocument, options: CleanOptions): ExtractedDocument {
  const raw = doc.pages.map((p) => normalizeText(p.text));
  const texts = options.runningLines ? removeRunningLines(raw) : raw;
  const compounds = hyphenatedWords(texts);
  let unreadable = false;
  const pages: ExtractedPage[] = doc.pages.map((page, i) => {
    let text = tidy(dehyphenate(texts[i], compounds));
    // Only spaces, punctuation or symbols (rules, bullets, dashes): nothing to read, and nothing garbled either.
    if (!HAS_READABLE.test(text) && !HAS_GARBAGE.test(text)) text = '';
    if (isUnreadable(text)) {
      unreadable = true;
      text = '';
    } else text = tidy(text.replace(GARBAGE, ''));
    let title = page.title === null ? null : tidy(normalizeText(page.title).replace(GARBAGE, '')) || null;
    if (title && isUnreadable(title)) title = null;
    const headings = (page.headings ?? []).map((h) => tidy(normalizeText(h).replace(GARBAGE, ''))).filter((h) => h && !isUnreadable(h));
    return { ...page, title, text, ...(headings.length ? { headings } : { headings: undefined }) };
  });
  // A document without styled headings (no outline, no larger type, no heading styles or slide
  // titles) may still set its headings as short lines of their own.
  if (!pages.some((p) => p.headings?.length || p.title)) {
    lineHeadings(pages).forEach((headings, i) => {
      if (headings.length) pages[i].headings = headings;
    });
  }
  markReferences(pages);
  const title = doc.title === null ? null : tidy(normalizeText(doc.title).replace(GARBAGE, '')) || null;
  const cleaned = { ...doc, title, pages };
  // Titles alone (slide titles over pictures or unread shapes, headings without a line under them)
  // give a summary nothing to say: such a document is refused before it is charged, like an empty one.
  if (!pages.some((p) => p.text)) {
    // Text that was there but cannot be read (a font without its character map, binary junk).
    // Text made only of control or invisible characters (binary junk) counts as unreadable too.
    if (unreadable || doc.pages.some((p, i) => /\S/.test(p.text) && !/\S/.test(raw[i]))) throw new DomainError('DOCUMENT_UNREADABLE');
    throw new DomainError(options.hasImages?.() ? 'DOCUMENT_NO_TEXT' : 'DOCUMENT_EMPTY');
  }
  return cleaned;
}

/**
 * Finds where bibliographies begin and marks the pages that only continue one. A page's headings
 * (or its title, for Word parts and slides) open sections; a line that is a bibliography heading
 * by itself ("References", "7. Bibliography", "参考文献") counts as one even when the file has no
 * outline. The bibliography runs until the next heading.
 */
export function markReferences(pages: ExtractedPage[]): void {
  let inReferences = false;
  for (const page of pages) {
    const lines = page.text.split('\n').map((l) => l.trim());
    const refLine = lines.find((l) => l.length <= 60 && isReferencesHeading(l));
    if (refLine && !(page.headings ?? []).includes(refLine) && page.title !== refLine) {
      // Placed among the page's other headings by where it stands in the text.
      const at = (h: string) => page.text.indexOf(h);
      page.headings = [...(page.headings ?? []), refLine].sort((a, b) => at(a) - at(b));
    }
    const headings = page.headings?.length ? page.headings : page.title ? [page.title] : [];
    if (headings.length) inReferences = isReferencesHeading(headings[headings.length - 1]);
    else if (inReferences) page.references = true;
  }
}
