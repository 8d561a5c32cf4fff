import { clipText, DomainError, type Summary, type SummaryLength, type SummarySection, type VideoChapter } from '@visualnotes/contracts';
import type { SummaryInput, SummaryProvider, SummaryUnit } from './summary-provider';

/**
 * The built-in summarizer: extractive, no model server. Text is split into sentences with
 * `Intl.Segmenter` (every script); sentences are scored by TF-IDF weight of their terms inside
 * their section; sections are found where the vocabulary shifts (TextTiling: cosine similarity of
 * the sentence windows on each side of a gap, cut at the deepest valleys); the overview is chosen
 * by TextRank, with the opening sentences (abstract, introduction) weighing more. Latin scripts
 * are split into words (stop words dropped, light stemming); Chinese, Japanese and Korean runs
 * into character bigrams, so no dictionary is needed.
 */
export class BuiltinSummaryProvider implements SummaryProvider {
  readonly name = 'builtin';

  async summarize(input: SummaryInput): Promise<Summary> {
    return summarizeExtractive(input);
  }
}

interface Sentence {
  text: string;
  start?: number;
  page?: number;
  terms: string[];
  words: number;
  /** The end of a sentence whose start lies before the text given (a page range cut mid-sentence). */
  fragment?: boolean;
  /** The document's heading this sentence opens a section under. */
  heading?: string;
  /** Not prose: a row of a table, a list of names or a title block (kept as context, never a point). */
  noise?: boolean;
}

const CJK_RUN = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
// Words keep their combining marks (Devanagari and Bengali vowel signs, Thai vowels, Arabic harakat).
const TOKEN = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+|[\p{L}\p{N}][\p{L}\p{M}\p{N}'’-]*/gu;
/** Scripts written without spaces between words (Thai, Lao, Myanmar, Khmer): ICU's dictionaries cut their runs into words. */
const UNSPACED = /[\u0e00-\u0eff\u1000-\u109f\u1780-\u17ff]/;
const WORD_SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'word' });

/** The words of a text: CJK runs whole (see {@link terms}), words of every other script one by one. */
function tokens(text: string): string[] {
  const out: string[] = [];
  for (const [token] of text.matchAll(TOKEN)) {
    if (!UNSPACED.test(token)) out.push(token);
    else for (const s of WORD_SEGMENTER.segment(token)) if (s.isWordLike) out.push(s.segment);
  }
  return out;
}
const END = /[.!?。！？…।॥؟]["'”’)\]]*$/u;

const STOP = new Set(
  `a about above after again against all also am an and any are aren't as at be because been before being below between both but by can
  can't cannot could did didn't do does doesn't doing don't down during each few for from further get got gonna had has have having he
  her here hers herself him himself his how i i'm if in into is isn't it it's its itself just let's like me more most my myself no nor
  not now of off on once one only or other our ours ourselves out over own really right same say said she should so some such than that
  that's the their theirs them themselves then there there's these they they're this those through to too under until up us very was we
  we're were what when where which while who whom why will with would yeah yes you you're your yours yourself okay oh um uh well know
  think going go thing things lot kind sort actually basically mean want see look way let make much many even still back`
    .split(/\s+/)
    .filter(Boolean),
);
const CJK_STOP = new Set('的了是在我你他她它这那和就也都有一不个们着吗呢吧啊么说要会对而与及或但把被从到为以于上下中'.split(''));

function stem(word: string): string {
  if (word.length > 5 && word.endsWith('ing')) return word.slice(0, -3);
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && word.endsWith('ed')) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

export function terms(text: string): string[] {
  const out: string[] = [];
  for (const token of tokens(text.toLowerCase())) {
    if (CJK_RUN.test(token[0])) {
      const chars = [...token];
      if (chars.length === 1 && !CJK_STOP.has(chars[0])) out.push(chars[0]);
      for (let i = 0; i + 1 < chars.length; i++) {
        if (CJK_STOP.has(chars[i]) && CJK_STOP.has(chars[i + 1])) continue;
        if (CJK_STOP.has(chars[i]) || CJK_STOP.has(chars[i + 1])) continue;
        out.push(chars[i] + chars[i + 1]);
      }
    } else if (token.length > 2 && !STOP.has(token) && !/^\d+$/.test(token)) {
      out.push(stem(token.replace(/['’]s$/, '')));
    }
  }
  return out;
}

/**
 * Whether a "sentence" is not prose: without a word at all (page numbers, a column of figures),
 * mostly numbers (a table row read as text) or mostly capitalised words (authors and
 * affiliations, a title block, a table header). Past the first test, only judged in scripts with
 * capitals and for sentences long enough to tell.
 */
export function isNoise(text: string): boolean {
  if (!/\p{L}/u.test(text)) return true;
  if (CJK_RUN.test(text)) return false;
  const all = tokens(text);
  if (all.length < 6) return false;
  // Affiliation and footnote marks, e-mail addresses: an author block.
  if ((text.match(/[∗*†‡§¶@{}#$]/g)?.length ?? 0) >= 3) return true;
  const numeric = all.filter((t) => /^\p{N}/u.test(t)).length;
  if (numeric / all.length > 0.3) return true;
  const words = all.filter((t) => /^\p{L}/u.test(t) && !STOP.has(t.toLowerCase()));
  const cased = words.filter((t) => /^[\p{Lu}\p{Ll}]/u.test(t));
  if (cased.length < 6) return false;
  return cased.filter((t) => /^\p{Lu}/u.test(t)).length / cased.length > 0.75;
}

function wordCount(text: string): number {
  let n = 0;
  for (const token of tokens(text)) n += CJK_RUN.test(token[0]) ? Math.ceil([...token].length / 2) : 1;
  return n;
}

const SEGMENTER = new Intl.Segmenter(undefined, { granularity: 'sentence' });
const THAI_LAO_SENTENCE_SPACE = /(?<=[\u0e00-\u0eff])\s+(?=[\u0e00-\u0eff])/u;

/** Scripts written without spaces (Chinese, Japanese, Thai, Lao, with their punctuation): a line break between two of their characters is no space. */
const NO_SPACE = /[\u0e00-\u0eff\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff00-\uffef]/u;
const LINE_BREAK = /\r\n?|[\n\v\f\u0085\u2028\u2029]/;
/** A bullet mark opening a line of a list ("• ", "- ", "1. ", "2) "). */
const BULLET = /^(?:[•◦▪▫●○■□‣⁃∙·►▶✓✔➢➤→]|[*–—-]\s|\(?\d{1,2}[.)]\s)/u;

/** A line joined to the text before it: with a space, or none between two characters of a script written without spaces. */
function joinLine(before: string, line: string): string {
  const t = line.replace(/\s+/g, ' ').trim();
  if (!t) return before;
  if (!before) return t;
  return before + (NO_SPACE.test(before.slice(-1)) && NO_SPACE.test(t[0]) ? '' : ' ') + t;
}

/**
 * Whether a line may be an item of a list (a slide's bullet): short, opening with a capital, a
 * number or a bullet mark, and ending without punctuation or a word that needs more after it.
 */
function itemLike(line: string | undefined): boolean {
  const t = line?.trim() ?? '';
  if (!t || END.test(t) || /[,;:\-–—/&(]$/u.test(t) || CJK_RUN.test(t)) return false;
  if (!BULLET.test(t) && !/^[\p{Lu}\p{N}]/u.test(t)) return false;
  const words = tokens(t);
  return !!words.length && !STOP.has(words[words.length - 1].toLowerCase()) && wordCount(t) <= 10 && t.length <= 80;
}

/**
 * The lines after which a new sentence begins although no punctuation says so: before a line
 * opening with a bullet mark, and between items of a list of short lines without end punctuation
 * (slide bullets), each opening with a capital. A short line alone among lines of prose ("Half of
 * the students were given" / "Canvas Kits and drew…") is a printed line of a sentence and goes on.
 */
function listBreaks(lines: string[]): boolean[] {
  const full = lines.map((l) => l.trim());
  const at = full.map((_, i) => i).filter((i) => full[i]);
  const cut = full.map(() => false);
  at.forEach((i, k) => {
    const line = full[i];
    const next = full[at[k + 1]];
    if (!next) return;
    if (BULLET.test(next) && !/[-‐]$/u.test(line)) cut[i] = true;
    else if (itemLike(line) && /^\p{Lu}/u.test(next) && (BULLET.test(line) || itemLike(full[at[k - 1]]) || itemLike(next))) cut[i] = true;
  });
  return cut;
}

/**
 * The sentences of a text in any script. Line breaks inside a sentence (printed lines, captions)
 * are joined first — with no space between two characters of Chinese, Japanese or Thai — except
 * where a list's items follow one another (see {@link listBreaks}).
 */
export function splitSentences(text: string): string[] {
  const lines = text.split(LINE_BREAK);
  const cut = listBreaks(lines);
  const out: string[] = [];
  let block = '';
  lines.forEach((line, i) => {
    block = joinLine(block, line);
    if (cut[i]) {
      out.push(...segmentSentences(block));
      block = '';
    }
  });
  out.push(...segmentSentences(block));
  return out;
}

function segmentSentences(flat: string): string[] {
  if (!flat) return [];
  const out: string[] = [];
  for (const { segment } of SEGMENTER.segment(flat)) {
    // Thai and Lao end a sentence (or clause) with a space rather than a mark; a space next to a
    // number or a foreign word is no end.
    for (const part of segment.split(THAI_LAO_SENTENCE_SPACE)) {
      const piece = part.trim();
      if (piece) out.push(piece);
    }
  }
  return out;
}

const BREAK = '\u0000';

/**
 * Whether a short line reads as a title rather than a piece of a sentence: it does not end with a
 * function word, and at least half of its other words are capitalised (or it has none).
 */
function titleLike(line: string): boolean {
  const words = tokens(line);
  if (!words.length || STOP.has(words[words.length - 1].toLowerCase())) return false;
  const content = words.filter((w) => !STOP.has(w.toLowerCase()) && /^\p{L}/u.test(w));
  return !content.length || content.filter((w) => /^\p{Lu}/u.test(w)).length * 2 >= content.length;
}

/**
 * The sentences of a unit, with a break after each short line standing alone (it opens the unit,
 * follows another such line, or reads as a title after a sentence's end) that ends without
 * punctuation and is followed by a capitalised line: a title, an author or an address line of a
 * printed page, which must not run into the first sentence of the text below it.
 */
function unitPieces(text: string): string[] {
  if (!LINE_BREAK.test(text)) return splitSentences(text);
  const out: string[] = [];
  let block: string[] = [];
  const lines = text.split(LINE_BREAK);
  const items = listBreaks(lines);
  lines.forEach((line, i) => {
    block.push(line);
    const next = lines[i + 1]?.trim() ?? '';
    const t = line.trim();
    // Only a line that stands alone (the first, one under a title line, or a title-like line after a
    // sentence's end): a short printed line of a sentence ("Half of the students were given" /
    // "Canvas Kits…") goes on into the next one.
    const alone = block.length === 1 || (END.test(lines[i - 1]?.trim() ?? '') && titleLike(t));
    if (items[i]) {
      // A list's item ends here (see listBreaks).
      out.push(...splitSentences(block.join('\n')), BREAK);
      block = [];
    } else if (alone && next && t && !END.test(t) && !/[,;:\-–—]$/.test(t) && wordCount(t) <= 8 && /^[\p{Lu}\p{N}]/u.test(next) && !CJK_RUN.test(t)) {
      out.push(...splitSentences(block.join('\n')), BREAK);
      block = [];
    }
  });
  out.push(...splitSentences(block.join('\n')));
  return out;
}

/**
 * Whether a heading given with a unit is a cut sentence rather than a heading: it begins in lower
 * case, holds a sentence end with more words after it and none at its end ("…transfer questions.
 * They also"), ends as a clause does, or runs on into the unit's text, which goes on in lower case.
 */
export function cutSentence(heading: string, text = ''): boolean {
  const h = heading.trim();
  if (/^\p{Ll}/u.test(h) || /[,;\-–—]$/.test(h)) return true;
  if (END.test(h)) return false;
  const parts = splitSentences(h);
  if (parts.length > 1 && wordCount(parts[0]) >= 3 && END.test(parts[0])) return true;
  // A title of a few words may stand over lower-case bullets; a long line running on is a sentence.
  return wordCount(h) >= 6 && /^\p{Ll}/u.test(text.trim());
}

/**
 * Units to sentences. A sentence may run on into the next unit (a caption line, the next page):
 * it ends at its punctuation, or after ~30 words for captions that have none (~120 in a
 * punctuated document, whose sentences are not cut where a line or page breaks). A document's text
 * that begins in lower case, or goes on in lower case after such a cap, begins mid-sentence: that
 * piece is kept as context, never as a point.
 */
export function sentences(units: SummaryUnit[]): Sentence[] {
  const out: Sentence[] = [];
  let buf = '';
  let at: SummaryUnit | null = null;
  let fragment = false;
  let heading: string | undefined;
  // A punctuated document ends its sentences at their marks: a long sentence running on to the
  // next line or page is not cut. Captions, often without any, are capped.
  const all = units.map((u) => String(u.text ?? '')).join('\n');
  const marks = all.match(/[.!?。！？…।॥؟](?=["'”’)\]]*(\s|$))/gu)?.length ?? 0;
  const cap = units.some((u) => u.page !== undefined) && marks >= 2 && wordCount(all) / marks < 60 ? 120 : 30;
  /** The last sentence was cut at the cap, not at its end: what follows in lower case goes on with it. */
  let capped = false;
  const flush = () => {
    const text = buf.replace(/\s+/g, ' ').trim();
    if (text) {
      const noise = isNoise(text);
      out.push({
        text,
        start: at?.start,
        page: at?.page,
        terms: terms(text),
        words: wordCount(text),
        ...(fragment ? { fragment } : {}),
        ...(heading ? { heading } : {}),
        ...(noise ? { noise } : {}),
      });
    }
    buf = '';
    at = null;
    fragment = false;
    heading = undefined;
  };
  for (const unit of units) {
    let text = String(unit.text ?? '');
    if (unit.heading && cutSentence(unit.heading, text)) {
      // Not a heading but a line of running text (a slide's first line taken for its title): it
      // goes on into the text, and the sentence it cut is whole again.
      text = `${unit.heading}\n${text}`;
    } else if (unit.heading) {
      // A heading of the document ends whatever came before it.
      flush();
      capped = false;
      heading = unit.heading;
    }
    for (const piece of unitPieces(text)) {
      if (piece === BREAK) {
        flush();
        continue;
      }
      if (!at) {
        at = unit;
        fragment = (!out.length || capped) && unit.page !== undefined && /^\p{Ll}/u.test(piece);
      }
      const joinCjk = CJK_RUN.test(buf.slice(-1)) && CJK_RUN.test(piece[0]);
      buf = buf ? buf + (joinCjk ? '' : ' ') + piece : piece;
      if (END.test(piece)) {
        flush();
        capped = false;
      } else if (wordCount(buf) >= cap) {
        flush();
        capped = true;
      }
    }
  }
  flush();
  return out;
}

/**
 * TextRank: sentences as a graph weighted by the terms they share, ranked by a random walk that
 * restarts more often at the opening sentences (an abstract or introduction says what a text is
 * about). Long texts rank their 300 most central sentences by TF-IDF first.
 */
export function textRank(list: Sentence[], weightOf: (s: Sentence) => number, count: number): Sentence[] {
  const candidates = list.map((s, i) => ({ s, i })).filter(({ s }) => !s.fragment && !s.noise && s.terms.length && s.words >= 4);
  if (!candidates.length) {
    const whole = list.filter((s) => !s.fragment);
    return (whole.some((s) => !s.noise) ? whole.filter((s) => !s.noise) : whole).slice(0, count);
  }
  const pool =
    candidates.length > 300
      ? [...candidates]
          .sort((a, b) => weightOf(b.s) - weightOf(a.s))
          .slice(0, 300)
          .sort((a, b) => a.i - b.i)
      : candidates;
  const n = pool.length;
  const sets = pool.map(({ s }) => new Set(s.terms));
  const edges: number[][] = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  const out = new Array<number>(n).fill(0);
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) {
      let shared = 0;
      const [small, large] = sets[a].size < sets[b].size ? [sets[a], sets[b]] : [sets[b], sets[a]];
      for (const t of small) if (large.has(t)) shared++;
      if (!shared) continue;
      const w = shared / (Math.log(sets[a].size + 1) + Math.log(sets[b].size + 1));
      edges[a][b] = edges[b][a] = w;
      out[a] += w;
      out[b] += w;
    }
  }
  const lead = Math.max(3, Math.ceil(list.length * 0.1));
  const prior = pool.map(({ i }) => (i < lead ? 3 : 1));
  const priorSum = prior.reduce((x, y) => x + y, 0);
  let rank = prior.map((p) => p / priorSum);
  for (let iter = 0; iter < 30; iter++) {
    const next = prior.map((p) => (0.15 * p) / priorSum);
    for (let a = 0; a < n; a++) {
      if (!out[a]) continue;
      const share = (0.85 * rank[a]) / out[a];
      const row = edges[a];
      for (let b = 0; b < n; b++) if (row[b]) next[b] += row[b] * share;
    }
    rank = next;
  }
  const ranked = pool.map((x, k) => ({ ...x, r: rank[k] * (x.s.words > 60 ? 0.4 : 1) })).sort((a, b) => b.r - a.r);
  return firstDistinct(ranked, count, new Said())
    .sort((a, b) => a.i - b.i)
    .map((x) => x.s);
}

/**
 * The sentences a summary has said already, to say none of them twice: the same words (captions
 * and slides repeat a line word for word), one inside the other (a sentence and its own first
 * half), or nearly the same terms (a sentence repeated with a word changed).
 */
export class Said {
  private readonly keys: string[] = [];
  private readonly termSets: Set<string>[] = [];

  has(s: Pick<Sentence, 'text' | 'terms'>): boolean {
    const key = sayKey(s.text);
    const set = new Set(s.terms);
    return this.keys.some((k, i) => {
      if (k === key) return true;
      const [short, long] = k.length < key.length ? [k, key] : [key, k];
      if ([...short].length >= 20 && long.includes(short)) return true;
      const other = this.termSets[i];
      if (Math.min(other.size, set.size) < 3) return false;
      let shared = 0;
      for (const t of set) if (other.has(t)) shared++;
      return shared / (other.size + set.size - shared) >= 0.8;
    });
  }

  add(s: Pick<Sentence, 'text' | 'terms'>): void {
    this.keys.push(sayKey(s.text));
    this.termSets.push(new Set(s.terms));
  }
}

const sayKey = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]+/gu, ' ')
    .trim();

/** The first `count` of `ranked` whose sentences have not been said (in `said`, which learns them). */
function firstDistinct<T extends { s: Sentence }>(ranked: T[], count: number, said: Said): T[] {
  const out: T[] = [];
  for (const x of ranked) {
    if (out.length >= count) break;
    if (said.has(x.s)) continue;
    said.add(x.s);
    out.push(x);
  }
  return out;
}

type Vec = Map<string, number>;
function add(into: Vec, items: string[], sign = 1) {
  for (const t of items) {
    const v = (into.get(t) ?? 0) + sign;
    if (v) into.set(t, v);
    else into.delete(t);
  }
}
function cosine(a: Vec, b: Vec): number {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (const [t, v] of a) {
    na += v * v;
    const w = b.get(t);
    if (w) dot += v * w;
  }
  for (const v of b.values()) nb += v * v;
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

/** Sentence indexes where new sections begin (always including 0). */
export function topicBoundaries(list: Sentence[], wanted: number): number[] {
  const n = list.length;
  if (wanted <= 1 || n < 6) return [0];
  const w = Math.max(3, Math.min(12, Math.floor(n / (wanted * 3))));
  const left: Vec = new Map();
  const right: Vec = new Map();
  for (let j = 0; j < Math.min(w, n); j++) add(right, list[j].terms);
  const sim = new Array<number>(n).fill(1);
  // Sliding windows: gap i lies between sentence i-1 and i.
  for (let i = 1; i < n; i++) {
    add(left, list[i - 1].terms);
    if (i - 1 - w >= 0) add(left, list[i - 1 - w].terms, -1);
    add(right, list[i - 1].terms, -1);
    if (i - 1 + w < n) add(right, list[i - 1 + w].terms);
    sim[i] = cosine(left, right);
  }
  const depth: { i: number; d: number }[] = [];
  for (let i = 1; i < n; i++) {
    let l = sim[i];
    for (let j = i - 1; j >= Math.max(1, i - w); j--) l = Math.max(l, sim[j]);
    let r = sim[i];
    for (let j = i + 1; j < Math.min(n, i + w + 1); j++) r = Math.max(r, sim[j]);
    depth.push({ i, d: l - sim[i] + (r - sim[i]) });
  }
  const minLen = Math.max(2, Math.floor(n / (wanted * 2)));
  // Only real valleys count (TextTiling's cutoff: deeper than the mean depth).
  const mean = depth.reduce((s, x) => s + x.d, 0) / (depth.length || 1);
  const sd = Math.sqrt(depth.reduce((s, x) => s + (x.d - mean) ** 2, 0) / (depth.length || 1));
  const cutoff = Math.max(0.05, mean + sd / 2);
  const chosen = [0];
  for (const { i, d } of depth.sort((a, b) => b.d - a.d)) {
    if (chosen.length >= wanted) break;
    if (d < cutoff) break;
    if (i < minLen || n - i < minLen) continue;
    if (chosen.some((c) => Math.abs(c - i) < minLen)) continue;
    chosen.push(i);
  }
  return chosen.sort((a, b) => a - b);
}

function shorten(text: string, words: number, cjkChars: number): string | null {
  const clause = text.split(/[,;:，；：]/)[0].trim();
  const base = clause.length >= 12 ? clause : text;
  if (CJK_RUN.test(base)) {
    const chars = [...base.replace(/[。！？.!?]+$/, '')];
    return chars.length > cjkChars ? null : chars.join('');
  }
  const parts = base.replace(/[.!?]+$/, '').split(/\s+/);
  if (parts.length > words || parts.length < 2) return null;
  const title = parts.join(' ');
  // a few "words" that are whole clauses (scripts without spaces between words) are no title
  if (tokens(title).length > words * 1.5 || [...title].length > MAX_TITLE_CHARS) return null;
  return title.charAt(0).toUpperCase() + title.slice(1);
}

/**
 * The phrase a stretch of text is most about (RAKE: runs of words between stop words and
 * punctuation, scored by how often their words occur and in how long phrases), for a title that
 * is not a cut-off sentence.
 */
export function keyPhrase(list: Sentence[], opening: Sentence[] = list): string | null {
  const phrases = new Map<string, { words: string[]; count: number; surface: string; opening: boolean }>();
  const firsts = new Set(opening);
  for (const s of list) {
    for (const chunk of s.text.split(/[.,;:!?()"“”‘’[\]{}–—/]+|\s-\s/)) {
      let run: string[] = [];
      const close = () => {
        if (run.length && run.length <= 4) {
          const key = run.map((w) => stem(w.toLowerCase())).join(' ');
          const seen = phrases.get(key) ?? { words: key.split(' '), count: 0, surface: run.join(' '), opening: false };
          seen.count++;
          if (firsts.has(s)) seen.opening = true;
          phrases.set(key, seen);
        }
        run = [];
      };
      for (const word of chunk.split(/\s+/)) {
        const w = word.replace(/^['’]+|['’]+$/g, '');
        if (!w || STOP.has(w.toLowerCase()) || w.length < 3 || /^\d/.test(w) || !/^[\p{L}][\p{L}\p{N}'’-]*$/u.test(w)) close();
        else run.push(w);
      }
      close();
    }
  }
  const freq = new Map<string, number>();
  const degree = new Map<string, number>();
  for (const { words, count } of phrases.values()) {
    for (const w of words) {
      freq.set(w, (freq.get(w) ?? 0) + count);
      degree.set(w, (degree.get(w) ?? 0) + count * words.length);
    }
  }
  let best: { surface: string; score: number } | null = null;
  // Only a phrase said where the section begins can title it (its timestamp or page points there).
  for (const { words, count, surface, opening: early } of phrases.values()) {
    if (!early || (count < 2 && words.length < 2)) continue;
    const score = words.reduce((sum, w) => sum + (degree.get(w) ?? 0) / (freq.get(w) ?? 1), 0) * Math.log(1 + count);
    if (!best || score > best.score) best = { surface, score };
  }
  if (!best) return null;
  return best.surface.charAt(0).toUpperCase() + best.surface.slice(1);
}

/**
 * A section's title, from the same stretch its timestamp or page points to: a short clause of one
 * of its first sentences when one is short enough to be a title, else its key phrase.
 */
function sectionTitle(range: Sentence[], best: (r: Sentence[]) => Sentence | undefined, isProse: (s: Sentence) => boolean): string {
  const prose = range.filter(isProse);
  const opening = (prose.length ? prose : range.filter((s) => !s.fragment)).slice(0, 3);
  const lead = best(opening) ?? opening[0] ?? range[0];
  const short = lead ? shorten(lead.text, 8, 20) : null;
  if (short) return short;
  const phrase = CJK_RUN.test(lead?.text ?? '') ? null : keyPhrase(range, opening);
  if (phrase) return phrase;
  const text = (lead ?? range[0]).text;
  if (CJK_RUN.test(text)) return [...text].slice(0, 20).join('');
  return firstWords(text.replace(/[.!?]+$/, ''), 8);
}

/**
 * The title of a document's section without a heading of its own: a short line that opens it on
 * its own (a document's title over its first paragraph), else the first words of its first
 * sentence, cut between words — never a phrase put together from words far apart.
 */
function openingTitle(range: Sentence[], isProse: (s: Sentence) => boolean): string {
  const first = range.find((s) => !s.fragment);
  if (first && !first.noise && !isProse(first) && !END.test(first.text) && first.words <= 8 && [...first.text].length <= MAX_TITLE_CHARS) return first.text;
  const lead = range.find(isProse) ?? range.find((s) => !s.fragment && !s.noise) ?? first ?? range[0];
  return firstWords(lead.text.replace(/[.!?。！？।]+$/u, ''), 8);
}

/** Longest a title made of a sentence's first words may be (in characters). */
const MAX_TITLE_CHARS = 60;

/** The first `count` words of a text (at most MAX_TITLE_CHARS characters), with an ellipsis when cut. */
function firstWords(text: string, count: number): string {
  let end = 0;
  let words = 0;
  for (const s of WORD_SEGMENTER.segment(text)) {
    if (s.isWordLike && (++words > count || s.index + s.segment.length > MAX_TITLE_CHARS)) break;
    end = s.index + s.segment.length;
  }
  return end < text.length ? `${text.slice(0, end).trimEnd()}…` : text;
}

const clip = (text: string, max: number) => clipText(text, max, true);

/**
 * How a video's summary grows with its length, per summary length: a section per
 * `sectionSeconds` of talk (and never longer than `maxSeconds` where the transcript has no
 * chapters), a point per `wordsPerPoint` words said in a section, within `minPoints..maxPoints`.
 * Short videos keep a few sections by their words (one per `wordsPerSection`, at most six).
 */
export const VIDEO_DEPTH: Record<
  SummaryLength,
  { sectionSeconds: number; maxSeconds: number; wordsPerSection: number; wordsPerPoint: number; minPoints: number; maxPoints: number }
> = {
  brief: { sectionSeconds: 600, maxSeconds: 600, wordsPerSection: 600, wordsPerPoint: 450, minPoints: 1, maxPoints: 4 },
  standard: { sectionSeconds: 420, maxSeconds: 600, wordsPerSection: 300, wordsPerPoint: 220, minPoints: 2, maxPoints: 8 },
  detailed: { sectionSeconds: 240, maxSeconds: 360, wordsPerSection: 200, wordsPerPoint: 120, minPoints: 3, maxPoints: 12 },
};

/** Most sections a video's summary has (a 4-hour detailed summary stays readable). */
const MAX_VIDEO_SECTIONS = 80;

/** The seconds a stretch of sentences covers: from its first to the next stretch's first (or its own last). */
function spanOf(range: Sentence[], next: Sentence | undefined): number {
  const from = range[0].start ?? 0;
  const to = next?.start ?? range.at(-1)!.start ?? from;
  return Math.max(0, to - from);
}

/**
 * A video's stretches cut further where one is longer than `maxSeconds`: at its own topic shifts
 * when it has them, else at the sentence nearest its middle (in time).
 */
function splitLong(list: Sentence[], from: number, to: number, depth: (typeof VIDEO_DEPTH)[SummaryLength]): number[] {
  const range = list.slice(from, to);
  const span = spanOf(range, list[to]);
  if (span <= depth.maxSeconds || range.length < 4) return [from];
  const wanted = Math.ceil(span / depth.sectionSeconds);
  const inner = topicBoundaries(range, wanted).map((i) => from + i);
  let cuts = inner.length > 1 ? inner : [];
  if (!cuts.length) {
    const middle = (range[0].start ?? 0) + span / 2;
    let at = from + 1;
    for (let i = from + 1; i < to - 1; i++) if (Math.abs((list[i].start ?? 0) - middle) < Math.abs((list[at].start ?? 0) - middle)) at = i;
    cuts = [from, at];
  }
  return cuts.flatMap((c, k) => splitLong(list, c, cuts[k + 1] ?? to, depth));
}

/** Sentence indexes where chapters begin (a chapter without a sentence of its own has none). */
function chapterBoundaries(list: Sentence[], chapters: VideoChapter[]): { at: number; chapter: VideoChapter }[] {
  const out: { at: number; chapter: VideoChapter }[] = [];
  const sorted = [...chapters].sort((a, b) => a.start - b.start);
  sorted.forEach((chapter, k) => {
    const end = sorted[k + 1]?.start ?? Infinity;
    // the first sentence said in the chapter (a caption line may start a little before it)
    const at = list.findIndex((s) => (s.start ?? 0) >= chapter.start - 1 && (s.start ?? 0) < end - 1);
    if (at < 0) return;
    if (out.length && out.at(-1)!.at === at) return;
    out.push({ at: k === 0 ? 0 : at, chapter });
  });
  if (out.length && out[0].at !== 0) out[0] = { ...out[0], at: 0 };
  return out;
}

export function summarizeExtractive(input: SummaryInput): Summary {
  const list = sentences(input.units ?? []);
  if (!list.length) throw new DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT');
  const totalWords = list.reduce((s, x) => s + x.words, 0);
  const headed = list.some((x) => x.heading);
  // A video (timed lines): its depth follows its length and the chosen summary length.
  const video = !headed && list[0].start !== undefined;
  const depth = VIDEO_DEPTH[input.length ?? 'standard'];
  const duration = video ? Math.max(0, (list.at(-1)!.start ?? 0) - (list[0].start ?? 0)) : 0;
  const maxSections = video
    ? Math.max(1, Math.min(input.maxSections ?? MAX_VIDEO_SECTIONS, MAX_VIDEO_SECTIONS))
    : Math.max(1, Math.min(input.maxSections ?? 12, 30));
  // About one section per 300 words, at least a few when there are enough sentences; weak shifts are not cut.
  // A video: a section per few minutes of talk, and a few by words for a short one.
  const byWords = Math.max(Math.ceil(totalWords / (video ? depth.wordsPerSection : 300)), list.length >= 8 ? 4 : 1);
  const byTime = video ? Math.ceil(duration / depth.sectionSeconds) : 0;
  const wanted = Math.max(1, Math.min(maxSections, Math.floor(list.length / 3) || 1, Math.max(video ? Math.min(byWords, 6) : byWords, byTime)));

  // Inverse sentence frequency of every term.
  const df = new Map<string, number>();
  for (const s of list) for (const t of new Set(s.terms)) df.set(t, (df.get(t) ?? 0) + 1);
  const idf = (t: string) => Math.log(1 + list.length / (df.get(t) ?? 1));

  const score = (s: Sentence, weights: Vec) => {
    if (!s.terms.length) return 0;
    let sum = 0;
    for (const t of new Set(s.terms)) sum += (weights.get(t) ?? 0) * idf(t);
    const lengthFactor = s.words < 5 ? 0.3 : s.words > 60 ? 0.7 : 1;
    return (sum / Math.sqrt(s.terms.length + 2)) * lengthFactor;
  };
  const pick = (range: Sentence[], count: number, said = new Said()) => {
    const weights: Vec = new Map();
    for (const s of range) add(weights, s.terms);
    const ranked = range.map((s, i) => ({ s, i, v: s.fragment || s.noise ? -1 : score(s, weights) })).sort((a, b) => b.v - a.v);
    return firstDistinct(ranked, count, said)
      .sort((a, b) => a.i - b.i)
      .map((x) => x.s);
  };
  // No point of the summary repeats another, in its own section or an earlier one.
  const said = new Said();

  // The document's own headings, where it has them, open the sections; a video's chapters, where it
  // has them; else the topic shifts do (a video's cut again where one runs longer than its depth allows).
  const chapters = video && input.chapters?.length ? chapterBoundaries(list, input.chapters) : [];
  const chapterAt = new Map(chapters.map((c) => [c.at, c.chapter]));
  let bounds: number[];
  if (headed) bounds = list.map((x, i) => (i === 0 || x.heading ? i : -1)).filter((i) => i >= 0);
  else if (chapters.length) bounds = chapters.map((c) => c.at);
  else if (video) {
    const shifts = topicBoundaries(list, wanted);
    bounds = shifts.flatMap((from, k) => splitLong(list, from, shifts[k + 1] ?? list.length, depth));
  } else bounds = topicBoundaries(list, wanted);
  const ranges = bounds.map((from, k) => ({ range: list.slice(from, bounds[k + 1] ?? list.length), chapter: chapterAt.get(from) }));
  // Prose: whole sentences that end as sentences do (transcripts without punctuation: long enough).
  const punctuated = list.some((s) => !s.fragment && !s.noise && s.words >= 6 && END.test(s.text));
  const isProse = (s: Sentence) => !s.fragment && !s.noise && (punctuated ? s.words >= 6 && END.test(s.text) : s.words >= 4);
  // A stretch without one sentence of prose (a title block with authors and affiliations, a
  // journal's masthead) is no section of its own when the text has others.
  const kept = ranges.filter(({ range: r, chapter }) => chapter || r[0].heading || ranges.length === 1 || r.some(isProse));
  const all: SummarySection[] = (kept.length ? kept : ranges).map(({ range, chapter }) => {
    const prose = range.filter(isProse);
    const whole = prose.length
      ? prose
      : range.filter((s) => !s.fragment && !s.noise).length
        ? range.filter((s) => !s.fragment && !s.noise)
        : range.filter((s) => !s.fragment);
    const words = range.reduce((n, s) => n + s.words, 0);
    // A video's points grow with what is said in the section; a document's with its sentences.
    const count = video
      ? Math.max(depth.minPoints, Math.min(chapter ? depth.maxPoints * 2 : depth.maxPoints, Math.round(words / depth.wordsPerPoint)))
      : Math.max(2, Math.min(5, Math.ceil(range.length / 6)));
    // Numbers without a word (a page of page numbers) are never a point: such a section says nothing.
    const points = pick(whole.length ? whole : range, count, said).filter((p) => /\p{L}/u.test(p.text));
    // A document's sections are titled by its headings, else by their opening words; a video's by
    // its chapter, else by what is said where its timestamp points.
    const title =
      chapter?.title ?? range[0].heading ?? (range[0].start === undefined ? openingTitle(range, isProse) : sectionTitle(range, (r) => pick(r, 1)[0], isProse));
    const section: SummarySection = { title, points: points.map((p) => clip(p.text, 300)) };
    if (range[0].start !== undefined) section.start = chapter ? chapter.start : range[0].start;
    if (range[0].page !== undefined) section.page = range[0].page;
    // Each point of a video keeps the moment it is said at.
    if (video) section.citations = points.map((p) => ({ text: clip(p.text, 300), start: p.start ?? section.start ?? 0 }));
    return section;
  });
  // A section whose every sentence was said in an earlier one has nothing of its own to say.
  const sections = all.some((s) => s.points.length) ? all.filter((s) => s.points.length) : all.slice(0, 1);
  const globalWeights: Vec = new Map();
  for (const s of list) add(globalWeights, s.terms);
  const overview = textRank(list, (s) => score(s, globalWeights), Math.min(3, list.length))
    .map((s) => clip(s.text, 300))
    .join(' ');
  return { overview: clip(overview, 900), sections };
}
