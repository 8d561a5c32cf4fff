import { DomainError, isReferencesHeading } from '@visualnotes/contracts';
import { lineHeadings } from './line-headings';
import type { ExtractedDocument, ExtractedPage } from './types';
import { HAS_LETTER, tidy } from './types';

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
/** Arabic Presentation Forms-A and -B (the byte-order mark among them is removed before). */
const ARABIC_PRESENTATION = /[\ufb50-\ufdff\ufe70-\ufefe]+/g;
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
      // Arabic presentation forms (a glyph per position, as some PDFs map their fonts) back to
      // letters, so the words can be searched; NFKC only there, as elsewhere it would rewrite what
      // was written (superscripts, full-width forms). An isolated vowel mark loses the space NFKC puts before it.
      .replace(ARABIC_PRESENTATION, (run) => run.normalize('NFKC').replace(/ (?=\p{M})/gu, ''))
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

const ROMAN = /^(?:m{0,3}(?:cm|cd|d?c{0,3})(?:xc|xl|l?x{0,3})(?:ix|iv|v?i{0,3})|M{0,3}(?:CM|CD|D?C{0,3})(?:XC|XL|L?X{0,3})(?:IX|IV|V?I{0,3}))$/;
const ROMAN_VALUES: Record<string, number> = { i: 1, v: 5, x: 10, l: 50, c: 100, d: 500, m: 1000 };

function romanValue(text: string): number {
  let total = 0;
  const digits = [...text.toLowerCase()].map((c) => ROMAN_VALUES[c]);
  digits.forEach((v, i) => (total += v < (digits[i + 1] ?? 0) ? -v : v));
  return total;
}

/** A word that is a roman numeral (a page label of the front matter: "xii Preface") made alike to the other numbers. */
function romanAlike(word: string): string {
  const core = word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, '');
  return core && ROMAN.test(core) ? word.replace(core, '#') : word;
}
/** A line with its numbers made alike: its digits, and a roman numeral standing first or last. */
const lineKey = (line: string) => {
  const words = line.trim().split(/\s+/);
  words[0] = romanAlike(words[0]);
  words[words.length - 1] = romanAlike(words[words.length - 1]);
  return words
    .join(' ')
    .toLowerCase()
    .replace(/\p{Nd}+/gu, '#');
};
const exactKey = (line: string) => line.toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The numbers of a line that can be its page number: one standing at its start or its end
 * ("3", "Page 3", "3 FREE CULTURE", "- 3 -", "xii Preface") or the first of "3 of 10" / "3 / 10".
 * Roman numerals are keyed apart ("r12"), as a book numbers its front matter on its own.
 */
function pageNumbersOf(line: string): { roman: boolean; n: number }[] {
  const found: { roman: boolean; n: number }[] = [];
  const t = line.trim();
  const start = /^[^\p{L}\p{N}]*(\d{1,5})(?!\d)/u.exec(t);
  const end = /(?<!\d)(\d{1,5})[^\p{L}\p{N}]*$/u.exec(t);
  const ofN = /(?<!\d)(\d{1,5})\s*(?:of|von|de|di|sur|\/)\s*\d{1,5}(?!\d)/iu.exec(t);
  for (const m of [start, end, ofN]) if (m) found.push({ roman: false, n: Number(m[1]) });
  const romanStart = /^[^\p{L}\p{N}]*([ivxlcdm]+|[IVXLCDM]+)(?![\p{L}\p{N}])/u.exec(t);
  const romanEnd = /(?<![\p{L}\p{N}])([ivxlcdm]+|[IVXLCDM]+)[^\p{L}\p{N}]*$/u.exec(t);
  for (const m of [romanStart, romanEnd]) if (m && ROMAN.test(m[1])) found.push({ roman: true, n: romanValue(m[1]) });
  return found;
}

export interface RunningLineOptions {
  /**
   * Pages are slides: their number, date and footer placeholders are left out already, and a
   * template repeats its wording with other numbers on every slide ("Owner for step 4 is team 2"),
   * so only a line said word for word, digits included, on most slides is running text.
   */
  slides?: boolean;
}

/** "Page", "p." and their kin before a page's number, in the languages documents come in most. */
const PAGE_WORD = '(?:page|pg\\.?|p\\.|seite|s\\.|página|pagina|pág\\.|pag\\.|strona|str\\.|страница|стр\\.|sayfa|halaman|trang|pagină)';
const PAGE_LABEL = new RegExp(`^(?:${PAGE_WORD}\\s*)?(\\d{1,5}|[ivxlcdm]{1,8}|[IVXLCDM]{1,8})(?:\\s*(?:of|von|de|di|sur|из|/)\\s*\\d{1,5})?$`, 'iu');

/**
 * A line that is a page's label and nothing else: its number ("12", "— 12 —", "[12]"), a roman
 * numeral of the front matter ("xii"), "Page 12", "Page 12 of 300", "12 / 300". Arabic and roman
 * numbers are counted apart, as a book numbers its front matter on its own. A year ("1998") is
 * no label here: a list of years must keep them.
 */
export function pageLabel(line: string): { roman: boolean; n: number } | null {
  const t = line.trim().replace(/^[\s\-–—_·•|[\](){}<>«»~*=.]+|[\s\-–—_·•|[\](){}<>«»~*=.]+$/gu, '');
  const m = PAGE_LABEL.exec(t);
  if (!m) return null;
  if (/^\d+$/.test(m[1])) {
    const n = Number(m[1]);
    return n >= 1500 && n <= 2100 ? null : { roman: false, n };
  }
  return ROMAN.test(m[1]) ? { roman: true, n: romanValue(m[1]) } : null;
}

/** Fewest pages a running line of one stretch of the document (a chapter's header) stands on. */
const RUN_PAGES = 3;
/** Fewest pages whose labels count up with them before a lone number at a page's edge counts as its label. */
const LABEL_PAGES = 3;

/**
 * The pages of `at` (in order) that stand close together in their group (`position`: a page's
 * place in it), at least RUN_PAGES of them with at most one page of the group between two: a
 * chapter's pages, where a chapter opener or a full-page figure may lack the header.
 */
function runsOf(at: number[], position: Map<number, number>): number[] {
  const out: number[] = [];
  if (at.length < RUN_PAGES) return out;
  let run: number[] = [];
  const close = () => {
    if (run.length >= RUN_PAGES) out.push(...run);
    run = [];
  };
  for (const i of at) {
    if (run.length && position.get(i)! - position.get(run[run.length - 1])! > 2) close();
    run.push(i);
  }
  close();
  return out;
}

/**
 * Removes running headers, footers and page numbers from the first and last lines of pages (two
 * lines deep at each end, for a header above a page number). A line is running text when
 * - the very same line (digits included) starts or ends at least half of the pages, or half of the
 *   even or of the odd pages (books whose left and right pages differ), or
 * - the same line with its digits made alike does, and its number is the page's number: it goes up
 *   with the page index, at the same offset on those pages ("Page 3 of 10", "12 FREE CULTURE"), or
 * - printed pages only: either of those holds on a stretch of at least three pages close together,
 *   odd and even pages counted apart (a chapter's own header, "Chapter 3 · Methods"), or
 * - the line is only a page label ("12", "xii", "— 12 —", "Page 12 of 300") at either end of its
 *   page (or slide, numbered in a text box of its own), counting up with the pages at an offset
 *   that at least three pages share (front matter in roman numerals, the body in arabic ones, at
 *   the top or the bottom).
 * Only the pages whose line is so repeated lose it. Lines of a template that only differ by their
 * numbers ("Deadline is week 12" on one slide, "Deadline is week 9" on another) stay, and slides
 * lose only word-for-word repeated lines. Documents of fewer than three pages are left alone.
 */
export function removeRunningLines(pages: string[], options: RunningLineOptions = {}): string[] {
  if (pages.length < 3) return pages;
  const lines = pages.map((p) => p.split('\n').filter((l) => l.trim()));
  const all = lines.map((_, i) => i);
  // A page's first and last lines are looked at in each group and round: their keys are made once.
  const keys = new Map<string, { exact: string; alike: string }>();
  const keysOf = (line: string) => {
    let k = keys.get(line);
    if (!k) keys.set(line, (k = { exact: exactKey(line), alike: lineKey(line) }));
    return k;
  };
  const groups = options.slides ? [all] : [all, all.filter((i) => i % 2 === 0), all.filter((i) => i % 2 === 1)];
  for (let round = 0; round < 2; round++) {
    const labels = pageLabelLines(lines);
    for (const end of ['first', 'last'] as const) {
      const pick = (ls: string[]) => (ls.length ? (end === 'first' ? ls[0] : ls[ls.length - 1]) : null);
      /** The pages whose line at this end is running text. */
      const strip = new Set<number>(labels[end]);
      for (const group of groups) {
        // Slides: most of them; printed pages: half of them (or of one side).
        const needed = Math.max(2, options.slides ? Math.floor(group.length / 2) + 1 : Math.ceil(group.length / 2));
        const position = new Map(group.map((page, k) => [page, k]));
        const exact = new Map<string, number[]>();
        const alike = new Map<string, number[]>();
        for (const i of group) {
          const line = pick(lines[i]);
          if (!line) continue;
          const { exact: e, alike: k } = keysOf(line);
          const same = exact.get(e);
          if (same) same.push(i);
          else exact.set(e, [i]);
          if (k !== e) {
            const like = alike.get(k);
            if (like) like.push(i);
            else alike.set(k, [i]);
          }
        }
        for (const at of exact.values()) {
          if (at.length >= needed) at.forEach((i) => strip.add(i));
          else if (!options.slides) runsOf(at, position).forEach((i) => strip.add(i));
        }
        if (options.slides) continue;
        for (const at of alike.values()) {
          if (at.length < Math.min(needed, RUN_PAGES)) continue;
          // The offset between the line's number and the page index that most of these pages share.
          const byOffset = new Map<string, Set<number>>();
          for (const i of at) {
            for (const { roman, n } of pageNumbersOf(pick(lines[i])!)) {
              const key = `${roman ? 'r' : ''}${n - i}`;
              byOffset.set(key, (byOffset.get(key) ?? new Set()).add(i));
            }
          }
          for (const on of byOffset.values()) (on.size >= needed ? [...on] : runsOf([...on], position)).forEach((i) => strip.add(i));
        }
      }
      for (const i of strip) {
        const ls = lines[i];
        // A page is never emptied of its only line.
        if (ls.length > 1) {
          if (end === 'first') ls.shift();
          else ls.pop();
        }
      }
    }
  }
  return lines.map((ls) => ls.join('\n'));
}

/** The pages whose first or last line is only their page label (see {@link removeRunningLines}). */
function pageLabelLines(lines: string[][]): { first: Set<number>; last: Set<number> } {
  const found: { i: number; end: 'first' | 'last'; key: string }[] = [];
  lines.forEach((ls, i) => {
    for (const end of ['first', 'last'] as const) {
      if (end === 'last' && ls.length < 2) continue;
      const label = pageLabel(end === 'first' ? (ls[0] ?? '') : ls[ls.length - 1]);
      if (label) found.push({ i, end, key: `${label.roman ? 'r' : 'a'}${label.n - i}` });
    }
  });
  const count = new Map<string, Set<number>>();
  for (const f of found) count.set(f.key, (count.get(f.key) ?? new Set()).add(f.i));
  const out = { first: new Set<number>(), last: new Set<number>() };
  for (const f of found) if (count.get(f.key)!.size >= Math.min(LABEL_PAGES, lines.length)) out[f.end].add(f.i);
  return out;
}

/** The heading of a table of contents (or of a list of figures or tables, set the same way). */
const CONTENTS_HEADING =
  /^(?:(?:table of )?contents|list of (?:figures|tables|illustrations)|inhalt(?:sverzeichnis)?|abbildungsverzeichnis|tabellenverzeichnis|table des matières|sommaire|liste des (?:figures|tableaux)|índice(?: general)?|indice|sumário|sumario|contenido|contenidos|inhoud(?:sopgave)?|spis treści|содержание|оглавление|içindekiler|目次|目录|目錄|المحتويات|فهرس(?: المحتويات)?)$/iu;
/** An entry of a table of contents: its title, a leader of dots (or dashes, underscores) and a page number. */
const LEADER_ENTRY = /^(.*?\p{L}.*?)\s*(?:[.·•…_‧∙⋯-]\s*){4,}\s*(\S+)$/u;
/** What every leader has: four leader signs in a row (spaces between them allowed). */
const FOUR_LEADER_SIGNS = /(?:[.·•…_‧∙⋯-]\s*){4}/u;
/** On a contents page, a leader alone or ending a title: its page number is on a line of its own. */
const LEADER_ONLY = /^(?:[.·•…_‧∙⋯]\s*){4,}$/u;
const LEADER_TAIL = /^(.*?\p{L}.*?)\s*(?:[.·•…_‧∙⋯]\s*){4,}$/u;
/** An entry without a leader, on a contents page: its title and the page number ending it. */
const NUMBERED_ENTRY = /^(.*?\p{L}.*?)\s+(\S+)$/u;

/**
 * Removes the entries of tables of contents (and lists of figures): navigation, not content, whose
 * titles and page numbers would read as sentences. An entry is a line whose title runs through a
 * leader to a page number ("Introduction ........ 1"); under a contents heading ("Contents",
 * "Table des matières", "目录"), up to the first line of prose, a line ending in a page number, a
 * page number alone and a leader alone (a column of page numbers or leaders) are entries too. The
 * heading stays. A page of entries alone, which would be left without text (the contents going on
 * from the page before), keeps their titles.
 */
export function removeContents(text: string, headings: string[] = []): string {
  const lines = text.split('\n');
  const isHeading = (l: string) => CONTENTS_HEADING.test(l.trim().replace(/[:：]$/, ''));
  const leader = (l: string) => {
    // a cheap look for four leader signs first: the entry's pattern backtracks on every line of prose
    if (!FOUR_LEADER_SIGNS.test(l)) return null;
    const m = LEADER_ENTRY.exec(l.trim());
    return m && pageLabel(m[2]) ? m[1].trim() : null;
  };
  // Where the entries without a leader begin: under the contents heading (the page's own, or a line of it).
  const titled = headings.some(isHeading);
  const from = titled ? 0 : lines.findIndex(isHeading) + 1 || -1;
  if (from < 0 && lines.filter((l) => leader(l) !== null).length < 2) return text;
  /** The title of an entry ('' for a page number alone), or null for a line that is none. */
  const entry = (l: string, at: number): string | null => {
    const led = leader(l);
    if (led !== null || from < 0 || at < from) return led;
    const t = l.trim();
    if (pageLabel(t) || LEADER_ONLY.test(t)) return '';
    const m = NUMBERED_ENTRY.exec(t);
    return m && pageLabel(m[2]) && !/[.!?。！？]/u.test(m[2]) && !/[.!?。！？]$/u.test(m[1]) ? m[1].trim() : null;
  };
  const entries = lines.map(entry);
  // The contents end at the first line of prose after them (a Word part goes on into the text).
  for (let i = Math.max(from, 0), ended = false; i < lines.length; i++) {
    const t = lines[i].trim();
    if (entries[i] === null && (t.length > 80 || (/[\p{L}\p{N}][.!?。！？]["'”’)]*$/u.test(t) && !LEADER_TAIL.test(t)))) ended = true;
    if (ended && from >= 0 && leader(lines[i]) === null) entries[i] = null;
  }
  // A title whose leader runs to a page number on a line of its own keeps its words, as titles without one do.
  const kept = lines.flatMap((l, i) => (entries[i] !== null ? [] : from >= 0 && i >= from ? [LEADER_TAIL.exec(l.trim())?.[1].trim() ?? l] : [l]));
  if (titled || kept.some((l) => HAS_LETTER.test(l))) return kept.join('\n');
  return lines
    .map((l, i) => entries[i] ?? l)
    .filter((l) => l.trim())
    .join('\n');
}

/** Scripts written without spaces between words: a printed line may break inside a word. */
const NO_SPACE_SCRIPT = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]/u;
const WIDE = /[\p{scx=Han}\p{scx=Hiragana}\p{scx=Katakana}\p{scx=Hangul}\u3000-\u303f\uff00-\uff60\uffe0-\uffe6]/u;

/** How wide a line is printed, in Latin letters: wide (CJK) characters count two, combining marks nothing. */
function printedWidth(line: string): number {
  let width = 0;
  for (const c of line.trim()) width += /\p{M}/u.test(c) ? 0 : WIDE.test(c) ? 2 : 1;
  return width;
}

/**
 * Joins the printed lines of a page that a line break cut inside a run of Chinese, Japanese, Thai,
 * Lao, Khmer or Myanmar text: those scripts put no space between words, so the break, which later
 * reads as a space, must go. Only a line that fills the page's width (at least 80% of its widest
 * line) was wrapped; a shorter one (a heading, a paragraph's last line) or one ending a sentence keeps
 * its break. Lines in
 * other scripts keep their breaks.
 */
export function joinWrappedLines(text: string): string {
  // nothing to join without a character of those scripts (most pages): no line is measured
  if (!NO_SPACE_SCRIPT.test(text)) return text;
  const lines = text.split('\n');
  const widest = Math.max(...lines.map(printedWidth));
  let out = lines[0];
  for (let i = 1; i < lines.length; i++) {
    const before = lines[i - 1].trimEnd();
    const next = lines[i].trimStart();
    const last = Array.from(before).at(-1) ?? '';
    const first = Array.from(next)[0] ?? '';
    const wrapped = NO_SPACE_SCRIPT.test(last) && !/[。！？]/u.test(last) && NO_SPACE_SCRIPT.test(first) && printedWidth(before) >= widest * 0.8;
    out = wrapped ? `${out.trimEnd()}${next}` : `${out}\n${lines[i]}`;
  }
  return out;
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

/** What the program that made a file puts before its name ("Microsoft Word - report.docx"). */
const APP_PREFIX = /^microsoft\s+(?:office\s+)?(?:word|powerpoint|excel)\s+-\s+/i;
const FILE_EXTENSION = /\.(?:docx?|docm|dotx?|pptx?|pptm|potx?|xlsx?|rtf|odt|odp|ods|pages|key|pdf|txt|md|tex|dvi|ps|html?|indd|qxp|pub)$/i;
/** Titles programs fill in by themselves, which name no document. */
const PLACEHOLDER_TITLE =
  /^(?:untitled(?:\s*(?:document|presentation|\d+))?|(?:new\s+)?(?:microsoft\s+)?(?:word\s+|powerpoint\s+)?(?:document|presentation)|document\d*|presentation\d*|doc\d+|book\d+|slide\s*\d+|(?:no\s+)?title|none|null|unknown|click\s+to\s+add\s+title|无标题|無題)$/i;

/**
 * A document's own title (PDF metadata, Word and PowerPoint properties) as worth showing, or null:
 * what the program that made the file added is dropped ("Microsoft Word - report.docx" is
 * "report", a path is its file name), and a title a program filled in by itself ("Untitled",
 * "Document1", "PowerPoint Presentation") is no title, so the file's own name is used instead.
 */
export function documentTitle(raw: string | null): string | null {
  let title = (raw ?? '').replace(/\s+/g, ' ').trim().replace(APP_PREFIX, '');
  // A path: it starts at a root or a drive, or has backslashes and ends in a file name ("AC\DC live" is a title).
  if (/^(?:[A-Za-z]:)?[\\/]/.test(title) || (title.includes('\\') && FILE_EXTENSION.test(title))) title = title.replace(/^.*[\\/]/, '');
  title = title.replace(FILE_EXTENSION, '').trim();
  if (!/[\p{L}\p{N}]/u.test(title) || PLACEHOLDER_TITLE.test(title)) return null;
  return title;
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
  const texts = (options.runningLines ? removeRunningLines(raw, { slides: doc.kind === 'pptx' }) : raw).map((t) =>
    doc.kind === 'pdf' ? joinWrappedLines(t) : t,
  );
  const withoutContents = texts.map((t, i) => removeContents(t, [doc.pages[i].title ?? '', ...(doc.pages[i].headings ?? [])]));
  const compounds = hyphenatedWords(withoutContents);
  let unreadable = false;
  const pages: ExtractedPage[] = doc.pages.map((page, i) => {
    let text = tidy(dehyphenate(withoutContents[i], compounds));
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
  const title = doc.title === null ? null : documentTitle(tidy(normalizeText(doc.title).replace(GARBAGE, '')));
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
