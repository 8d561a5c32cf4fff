import { isReferencesHeading, type DocumentPageView, type DocumentSummary, type DocumentSummarySection, type SummaryPoint } from '@visualnotes/contracts';
import { cutSentence } from '../summaries/providers/builtin.provider';
import type { SummaryProvider, SummaryUnit } from '../summaries/providers/summary-provider';

/** What one map job returns: the summary of its pages. */
export interface DocumentChunkSummary {
  index: number;
  from: number;
  overview: string;
  sections: DocumentSummarySection[];
  /** The first section goes on with the previous chunk's last one (no heading opens it). */
  continues?: boolean;
}

/** Most sections one chunk of pages gives when the document has its own headings. */
const MAX_SECTIONS_PER_CHUNK = 12;

/** A stretch of the document under one of its own headings (null: before the chunk's first heading). */
export interface HeadingGroup {
  title: string | null;
  page: number;
  units: SummaryUnit[];
  /** A bibliography: left out of the summary. */
  references: boolean;
}

/**
 * The chunk's pages cut at the document's own headings (PDF outline or heading lines, Word
 * headings, slide titles; a slide title that is a cut sentence is none), or null when it has none. Bibliographies are left out. When there are
 * more sections than a summary should show, the smallest join the one before them.
 */
export function headingGroups(pages: DocumentPageView[], structured = false): HeadingGroup[] | null {
  if (!structured && !pages.some((p) => p.headings?.length || p.title)) return null;
  const groups: HeadingGroup[] = [];
  let current = null as HeadingGroup | null;
  const open = (title: string | null, page: number) => {
    current = { title, page, units: [], references: title !== null && isReferencesHeading(title) };
    groups.push(current);
    return current;
  };
  for (const p of pages) {
    if (p.references) {
      if (!current?.references) open('References', p.page).references = true;
      continue;
    }
    // A slide's first line taken for its title may be a line of running text: it stays text.
    const runOn = !p.headings?.length && !!p.title && cutSentence(p.title, p.text);
    const pageText = runOn ? `${p.title}\n${p.text}` : p.text;
    const headings = p.headings?.length ? p.headings : p.title && !runOn ? [p.title] : [];
    let cursor = 0;
    let under: string | null | undefined = undefined;
    const take = (end: number) => {
      const text = pageText.slice(cursor, end).trim();
      const group: HeadingGroup = under === undefined ? (current ?? open(null, p.page)) : open(under, p.page);
      if (text) group.units.push({ text, page: p.page });
    };
    for (const heading of headings) {
      const line = lineAt(pageText, heading, cursor);
      if (line) {
        take(line.start);
        under = heading;
        cursor = line.end;
      } else if (under === undefined) {
        // Not printed as its outline gives it (another wording, a number more or less): the page's
        // first heading opens the page.
        take(cursor);
        under = heading;
      }
      // A heading not found after another of its page cannot be placed: it opens no section, and
      // the text goes on under the heading before it rather than leaving that one empty.
    }
    take(pageText.length);
  }
  const kept = groups.filter((g) => !g.references && (g.units.length || g.title));
  while (kept.length > MAX_SECTIONS_PER_CHUNK) {
    const size = (g: HeadingGroup) => g.units.reduce((n, u) => n + u.text.length, 0);
    let smallest = 1;
    for (let i = 2; i < kept.length; i++) if (size(kept[i]) < size(kept[smallest])) smallest = i;
    kept[smallest - 1].units.push(...kept[smallest].units);
    kept.splice(smallest, 1);
  }
  return kept;
}

/** A text with no whitespace and in lower case: a heading and its printed line compared. */
const squash = (text: string) => text.replace(/\s+/g, '').toLocaleLowerCase();

/**
 * Where `heading` stands as a line of its own in `text` (from `from` on), or null. A heading of a Word
 * part or slide title is kept apart from the text, and the same words inside a sentence ("The
 * Budget for 2025…") must not cut that sentence in two. A heading printed over two or more lines
 * ("Budget and staffing for the three" / "buildings"), spaced or cased otherwise than in the
 * document's outline, is found too: `start` is where its first line begins, `end` where its last ends.
 */
function lineAt(text: string, heading: string, from: number): { start: number; end: number } | null {
  const want = squash(heading);
  if (!want) return null;
  const lines: { start: number; end: number; key: string }[] = [];
  for (let start = 0; start <= text.length;) {
    const next = text.indexOf('\n', start);
    const end = next === -1 ? text.length : next;
    if (start >= from) lines.push({ start, end, key: squash(text.slice(start, end)) });
    start = end + 1;
  }
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].key || !want.startsWith(lines[i].key)) continue;
    let joined = '';
    for (let j = i; j < lines.length && j < i + 6; j++) {
      joined += lines[j].key;
      if (joined === want) {
        const first = text.slice(lines[i].start, lines[i].end);
        return { start: lines[i].start + (first.length - first.trimStart().length), end: lines[j].end };
      }
      if (!want.startsWith(joined)) break;
    }
  }
  return null;
}

const WORD = /[\p{L}\p{N}]+/gu;
function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 2 || /[\u3400-\u9fff]/.test(w)));
}

/**
 * The page a point comes from: the page containing it word for word (extractive summaries), else
 * the page sharing most of its words (a model's paraphrase).
 */
export function citePage(point: string, pages: DocumentPageView[], fallback?: number): number | undefined {
  // Without spaces: a sentence joined across printed lines (with no space in Chinese, Japanese or Thai).
  const needle = squash(point).slice(0, 80);
  const exact = needle ? pages.find((p) => squash(p.text).includes(needle)) : undefined;
  if (exact) return exact.page;
  const want = words(point);
  let best: { page: number; score: number } | undefined;
  for (const p of pages) {
    const have = words(`${p.title ?? ''} ${p.text}`);
    let score = 0;
    for (const w of want) if (have.has(w)) score++;
    if (!best || score > best.score) best = { page: p.page, score };
  }
  return best && best.score > 0 ? best.page : fallback;
}

/** Map: summarizes one chunk of pages; every point cites its page. */
export async function summarizeChunk(
  provider: SummaryProvider,
  input: { index: number; title: string; pages: DocumentPageView[]; maxSections: number; structured?: boolean },
): Promise<DocumentChunkSummary> {
  const from = input.pages[0]?.page ?? 1;
  // The document's own headings, where it has them, open the sections (and title them); a range of
  // pages inside one chapter goes on with it.
  const groups = headingGroups(input.pages, input.structured);
  const units: SummaryUnit[] = groups
    ? groups.flatMap((g) => g.units.map((u, i) => (i === 0 && g.title !== null ? { ...u, heading: g.title } : u)))
    : input.pages.map((p) => ({ page: p.page, text: [p.title, p.text].filter(Boolean).join('\n') })).filter((u) => u.text.trim());
  if (!units.length) return { index: input.index, from, overview: '', sections: [] };
  const maxSections = groups ? Math.max(1, groups.length) : input.maxSections;
  const summary = await provider.summarize({ title: input.title, units, maxSections });
  const sections = summary.sections.map((s) => {
    const page = s.page ?? citePage(s.points[0] ?? s.title, input.pages, from);
    const citations: SummaryPoint[] = s.points.map((text) => ({ text, page: citePage(text, input.pages, page) }));
    return { title: s.title, points: s.points, page, citations };
  });
  const continues = input.index > 0 && !!groups?.length && groups[0].title === null;
  return { index: input.index, from, overview: summary.overview, sections, ...(continues ? { continues } : {}) };
}

/** Reduce: the chunk summaries in order; one more provider pass turns their overviews into one. */
export async function combineChunks(provider: SummaryProvider, title: string, chunks: DocumentChunkSummary[]): Promise<DocumentSummary> {
  const ordered = [...chunks].sort((a, b) => a.index - b.index);
  const sections: DocumentSummarySection[] = [];
  for (const chunk of ordered) {
    const [first, ...rest] = chunk.sections;
    const previous = sections[sections.length - 1];
    // A chapter cut by a chunk boundary stays one section.
    if (chunk.continues && first && previous) {
      previous.points = [...previous.points, ...first.points].slice(0, 6);
      previous.citations = [...(previous.citations ?? []), ...(first.citations ?? [])].slice(0, 6);
      sections.push(...rest);
    } else sections.push(...chunk.sections);
  }
  const distinct = withoutRepeats(sections);
  if (ordered.length === 1) return { overview: ordered[0].overview, sections: distinct };
  const units = ordered.filter((c) => c.overview.trim()).map((c) => ({ page: c.from, text: c.overview }));
  const overview = units.length ? (await provider.summarize({ title, units, maxSections: 1 })).overview : '';
  return { overview, sections: distinct };
}

const pointKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

/**
 * The sections with no point said twice: chunks are summarized apart, and a document may repeat a
 * sentence (a slide's key message, a page's running text) in more than one of them. A point is a
 * repeat when its words are those of an earlier one or lie inside it (or the other way round); a
 * section that had points and is left with none goes, unless none would be left.
 */
export function withoutRepeats(sections: DocumentSummarySection[]): DocumentSummarySection[] {
  const said: string[] = [];
  const repeat = (key: string) => said.some((k) => k === key || ([...k].length >= 20 && [...key].length >= 20 && (k.includes(key) || key.includes(k))));
  const out = sections.map((section) => {
    const keep = section.points.map((point) => {
      const key = pointKey(point);
      if (!key || repeat(key)) return false;
      said.push(key);
      return true;
    });
    const points = section.points.filter((_, i) => keep[i]);
    const aligned = section.citations?.length === section.points.length;
    const citations = section.citations?.filter((c, i) => (aligned ? keep[i] : points.includes(c.text)));
    return { section: { ...section, points, ...(citations ? { citations } : {}) }, emptied: section.points.length > 0 && !points.length };
  });
  const kept = out.filter((s) => !s.emptied).map((s) => s.section);
  return kept.length ? kept : out.slice(0, 1).map((s) => s.section);
}
