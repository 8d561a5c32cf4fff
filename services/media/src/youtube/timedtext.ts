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

/** SubRip (.srt) and WebVTT (.vtt) files as transcript lines. */
export function parseSubtitles(body: string): TranscriptSegment[] {
  const blocks = body
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  const out: TranscriptSegment[] = [];
  for (const block of blocks) {
    const lines = block.split('\n');
    const at = lines.findIndex((l) => l.includes('-->'));
    if (at < 0) continue;
    const [from, to] = lines[at].split('-->');
    const start = seconds(from);
    const end = seconds(to);
    const line = clean(lines.slice(at + 1).join(' '));
    if (!line || !Number.isFinite(start)) continue;
    out.push({ start: round(start), end: round(Number.isFinite(end) ? end : start), text: line });
  }
  return out;
}
