import type { TranscriptSegment } from '@visualnotes/contracts';

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** Invisible direction marks, embeddings, overrides and isolates (and stray byte-order marks): they only steer how a line is shown. */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069\uFEFF]/g;

/**
 * Caption text without markup: HTML-like tags (`<i>`, `<font>`, WebVTT's `<v>`), ruby readings
 * (`<rt>`, shown above the text, not part of it) and SubRip/ASS override tags such as `{\an8}`.
 */
const clean = (text: string) =>
  decodeEntities(
    text
      .replace(/<rt>[\s\S]*?<\/rt>/gi, '')
      .replace(/<[^>]*>/g, '')
      .replace(/\{\\[^}]*\}/g, ''),
  )
    .replace(BIDI_CONTROLS, '')
    .replace(/\s+/g, ' ')
    .trim();
const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Caption bodies as YouTube's timedtext endpoint serves them: json3 (`{events:[{tStartMs,dDurationMs,segs}]}`),
 * srv3 XML (`<timedtext><body><p t= d=>`) or the legacy XML (`<transcript><text start= dur=>`).
 */
export function parseTimedText(body: string): TranscriptSegment[] {
  const text = body.replace(/^\uFEFF/, '').trim();
  if (!text) return [];
  if (text.startsWith('{')) {
    const data = JSON.parse(text) as { events?: { tStartMs?: number; dDurationMs?: number; segs?: { utf8?: string }[] }[] };
    const out: TranscriptSegment[] = [];
    for (const e of data.events ?? []) {
      if (!e.segs) continue;
      const line = clean(e.segs.map((s) => s.utf8 ?? '').join(''));
      if (!line) continue;
      const start = (e.tStartMs ?? 0) / 1000;
      out.push({ start: round(start), end: round(start + (e.dDurationMs ?? 0) / 1000), text: line });
    }
    return out;
  }
  const out: TranscriptSegment[] = [];
  const legacy = /<text\b([^>]*)>([\s\S]*?)<\/text>/g;
  const srv3 = /<p\b([^>]*)>([\s\S]*?)<\/p>/g;
  const attr = (attrs: string, name: string) => {
    const m = new RegExp(`\\b${name}="([^"]*)"`).exec(attrs);
    return m ? Number(m[1]) : NaN;
  };
  let m: RegExpExecArray | null;
  if (text.includes('<text')) {
    while ((m = legacy.exec(text))) {
      const line = clean(decodeEntities(m[2]));
      const start = attr(m[1], 'start');
      if (!line || !Number.isFinite(start)) continue;
      const dur = attr(m[1], 'dur');
      out.push({ start: round(start), end: round(start + (Number.isFinite(dur) ? dur : 0)), text: line });
    }
  } else {
    while ((m = srv3.exec(text))) {
      const line = clean(m[2]);
      const t = attr(m[1], 't');
      if (!line || !Number.isFinite(t)) continue;
      const d = attr(m[1], 'd');
      out.push({ start: round(t / 1000), end: round((t + (Number.isFinite(d) ? d : 0)) / 1000), text: line });
    }
  }
  return out;
}

const TIME = /(?:(\d+):)?(\d{1,2}):(\d{2})[.,](\d{1,3})/;
function seconds(value: string): number {
  const m = TIME.exec(value);
  if (!m) return NaN;
  return Number(m[1] ?? 0) * 3600 + Number(m[2]) * 60 + Number(m[3]) + Number(m[4].padEnd(3, '0')) / 1000;
}

/** The language a WebVTT file names in its header (`Language: de`, as YouTube and other tools write it), if any. */
export function subtitleLanguage(body: string): string | null {
  const header = body.replace(/^\uFEFF/, '').split(/\r?\n\r?\n/, 1)[0];
  if (!header.startsWith('WEBVTT')) return null;
  return /^Language:\s*([A-Za-z]{2,3}(?:-[A-Za-z0-9]{2,8})*)\s*$/m.exec(header)?.[1] ?? null;
}

/** A cue's timing line: SubRip's `00:00:01,000 --> 00:00:04,000`, WebVTT's (with cue settings after it), and sloppy `->` arrows. */
const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-{1,2}>\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

interface Cue {
  start: number;
  end: number;
  lines: string[];
}

/**
 * SubRip (.srt), WebVTT (.vtt) and SubStation Alpha (.ass/.ssa) files as transcript lines, sorted
 * by start time. SubRip cues are found by their timing lines, not by blank lines (files without
 * blank lines between cues, or with one inside a cue, are common); rolling captions (YouTube's
 * auto-captions as yt-dlp saves them: each cue repeats the previous cue's last line, plus 10 ms
 * cues repeating it once more) keep each line once.
 */
export function parseSubtitles(body: string): TranscriptSegment[] {
  const text = body.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const cues = /^\s*\[Script Info\]/i.test(text) || /^\[Events\]/im.test(text) ? assCues(text) : timedCues(text);
  cues.sort((a, b) => a.start - b.start);
  const out: TranscriptSegment[] = [];
  let previous: string[] = [];
  for (const cue of cues) {
    const lines = withoutRepeat(previous, cue.lines);
    previous = cue.lines;
    if (!lines.length) {
      // Nothing new (a rolling caption's short repeat): the words said last go on a little longer.
      const last = out.at(-1);
      if (last && cue.lines.length && cue.end > last.end) last.end = round(cue.end);
      continue;
    }
    out.push({ start: round(cue.start), end: round(Math.max(cue.end, cue.start)), text: lines.join(' ') });
  }
  return out;
}

/**
 * The lines of a cue after those it repeats from the end of the previous cue (rolling captions; a
 * repeated line may lack the words the previous cue's timing tags added at its end).
 */
function withoutRepeat(previous: string[], lines: string[]): string[] {
  const repeats = (line: string, before: string) => line === before || before.startsWith(`${line} `);
  for (let n = Math.min(previous.length, lines.length); n > 0; n--) {
    if (lines.slice(0, n).every((line, i) => repeats(line, previous[previous.length - n + i]))) return lines.slice(n);
  }
  return lines;
}

/** SubRip and WebVTT cues: each timing line and the text up to the next one. */
function timedCues(text: string): Cue[] {
  const vtt = text.startsWith('WEBVTT');
  const lines = text.split('\n');
  const timings = lines.flatMap((line, at) => (TIMING.test(line) ? [at] : []));
  // SubRip numbers its cues: then the number line just before a timing line is not text.
  const numbered = !vtt && timings.length > 0 && /^\s*\d+\s*$/.test(lines[timings[0] - 1] ?? '');
  const cues: Cue[] = [];
  timings.forEach((at, i) => {
    const [, from, to] = TIMING.exec(lines[at])!;
    let body = lines.slice(at + 1, timings[i + 1] ?? lines.length);
    const next = i + 1 < timings.length;
    if (vtt) {
      // Comments are not text, nor is the next cue's identifier: one line after a blank line, just before its timing.
      body = withoutNotes(body);
      if (next && body.length >= 2 && body.at(-1)!.trim() !== '' && body.at(-2)!.trim() === '') body = body.slice(0, -1);
    } else if (numbered && next && /^\s*\d+\s*$/.test(body.at(-1) ?? '')) {
      body = body.slice(0, -1);
    }
    const start = seconds(from);
    if (!Number.isFinite(start)) return;
    const end = seconds(to);
    cues.push({ start, end: Number.isFinite(end) ? end : start, lines: body.map(clean).filter(Boolean) });
  });
  return cues;
}

/** Lines without WebVTT comments: a paragraph (after a blank line) that starts with NOTE. */
function withoutNotes(lines: string[]): string[] {
  let note = false;
  return lines.filter((line, k) => {
    if (line.trim() === '') note = false;
    else if (k > 0 && lines[k - 1].trim() === '' && /^NOTE(\s|$)/.test(line)) note = true;
    return !note;
  });
}

/**
 * The Dialogue lines of a SubStation Alpha file's [Events] section (their fields as its Format line
 * names them; the text is the last field and may hold commas), without override tags or drawings;
 * `\N` and `\n` break lines, `\h` is a space.
 */
function assCues(text: string): Cue[] {
  const cues: Cue[] = [];
  let section = '';
  let fields = ['layer', 'start', 'end', 'style', 'name', 'marginl', 'marginr', 'marginv', 'effect', 'text'];
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const heading = /^\[(.+)\]$/.exec(line);
    if (heading) {
      section = heading[1].toLowerCase();
      continue;
    }
    if (section !== 'events') continue;
    const entry = /^(format|dialogue)\s*:\s*(.*)$/i.exec(line);
    if (!entry) continue;
    if (entry[1].toLowerCase() === 'format') {
      fields = entry[2].split(',').map((f) => f.trim().toLowerCase());
      continue;
    }
    const values = entry[2].split(',');
    const value = (name: string) => {
      const at = fields.indexOf(name);
      if (at < 0) return '';
      return at === fields.length - 1 ? values.slice(at).join(',') : (values[at] ?? '');
    };
    const start = seconds(value('start'));
    if (!Number.isFinite(start)) continue;
    const end = seconds(value('end'));
    const lines = value('text')
      .replace(/\{[^}]*\\p[1-9][^}]*\}[\s\S]*?(?:\{[^}]*\\p0[^}]*\}|$)/g, '') // vector drawings
      .replace(/\{[^}]*\}/g, '')
      .replace(/\\h/g, ' ')
      .split(/\\[Nn]/)
      .map(clean)
      .filter(Boolean);
    cues.push({ start, end: Number.isFinite(end) ? end : start, lines });
  }
  return cues;
}
