import { DomainError, type Summary, type SummarySection } from '@visualnotes/contracts';
import type { SummaryInput, SummaryProvider, SummaryUnit } from './summary-provider';

/**
 * The built-in summarizer: extractive, no model server. Sentences are scored by TF-IDF weight of
 * their terms inside their section; sections are found where the vocabulary shifts (TextTiling:
 * cosine similarity of the sentence windows on each side of a gap, cut at the deepest valleys).
 * Latin scripts are split into words (stop words dropped, light stemming); Chinese, Japanese and
 * Korean runs into character bigrams, so no dictionary is needed.
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
}

const CJK_RUN = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/;
const TOKEN = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]+|[\p{L}\p{N}][\p{L}\p{N}'’-]*/gu;
const END = /[.!?。！？…]["'”’)\]]*$/;
const SPLIT = /(?<=[.!?。！？…]["'”’)\]]*)\s+|(?<=[。！？])/u;

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
  for (const m of text.toLowerCase().matchAll(TOKEN)) {
    const token = m[0];
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

function wordCount(text: string): number {
  let n = 0;
  for (const m of text.matchAll(TOKEN)) n += CJK_RUN.test(m[0][0]) ? Math.ceil([...m[0]].length / 2) : 1;
  return n;
}

/** Units to sentences: split at sentence ends, join caption lines that continue a sentence. */
export function sentences(units: SummaryUnit[]): Sentence[] {
  const out: Sentence[] = [];
  let buf = '';
  let at: SummaryUnit | null = null;
  const flush = () => {
    const text = buf.replace(/\s+/g, ' ').trim();
    if (text) out.push({ text, start: at?.start, page: at?.page, terms: terms(text), words: wordCount(text) });
    buf = '';
    at = null;
  };
  for (const unit of units) {
    if (at && unit.page !== undefined && at.page !== unit.page) flush();
    for (const piece of String(unit.text ?? '').split(SPLIT)) {
      const p = piece.trim();
      if (!p) continue;
      if (!at) at = unit;
      const joinCjk = CJK_RUN.test(buf.slice(-1)) && CJK_RUN.test(p[0]);
      buf = buf ? buf + (joinCjk ? '' : ' ') + p : p;
      // Captions often have no punctuation: cap a "sentence" at ~30 words.
      if (END.test(p) || wordCount(buf) >= 30) flush();
    }
  }
  flush();
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

function shorten(text: string, words: number, cjkChars: number): string {
  const clause = text.split(/[,;:，；：]/)[0].trim();
  const base = clause.length >= 12 ? clause : text;
  if (CJK_RUN.test(base)) {
    const chars = [...base.replace(/[。！？.!?]+$/, '')];
    return chars.length > cjkChars ? `${chars.slice(0, cjkChars).join('')}…` : chars.join('');
  }
  const parts = base.replace(/[.!?]+$/, '').split(/\s+/);
  const title = parts.length > words ? `${parts.slice(0, words).join(' ')}…` : parts.join(' ');
  return title.charAt(0).toUpperCase() + title.slice(1);
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);

export function summarizeExtractive(input: SummaryInput): Summary {
  const list = sentences(input.units ?? []);
  if (!list.length) throw new DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT');
  const totalWords = list.reduce((s, x) => s + x.words, 0);
  const maxSections = Math.max(1, Math.min(input.maxSections ?? 12, 30));
  // About one section per 300 words, at least a few when there are enough sentences; weak shifts are not cut.
  const wanted = Math.max(1, Math.min(maxSections, Math.floor(list.length / 3) || 1, Math.max(Math.ceil(totalWords / 300), list.length >= 8 ? 4 : 1)));

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
  const pick = (range: Sentence[], count: number) => {
    const weights: Vec = new Map();
    for (const s of range) add(weights, s.terms);
    return range
      .map((s, i) => ({ s, i, v: score(s, weights) }))
      .sort((a, b) => b.v - a.v)
      .slice(0, count)
      .sort((a, b) => a.i - b.i)
      .map((x) => x.s);
  };

  const bounds = topicBoundaries(list, wanted);
  const sections: SummarySection[] = bounds.map((from, k) => {
    const range = list.slice(from, bounds[k + 1] ?? list.length);
    const count = Math.max(2, Math.min(5, Math.ceil(range.length / 6)));
    const points = pick(range, count);
    const best = pick(range, 1)[0] ?? range[0];
    const section: SummarySection = { title: shorten(best.text, 8, 20), points: points.map((p) => clip(p.text, 300)) };
    if (range[0].start !== undefined) section.start = range[0].start;
    if (range[0].page !== undefined) section.page = range[0].page;
    return section;
  });
  const overview = pick(list, Math.min(3, list.length))
    .map((s) => clip(s.text, 300))
    .join(' ');
  return { overview: clip(overview, 900), sections };
}
