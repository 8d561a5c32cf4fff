import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** The repository's root (where `nx.json` is), from the sources or the built files alike. */
function repoRoot(): string {
  for (let dir = __dirname; dir !== dirname(dir); dir = dirname(dir)) if (existsSync(join(dir, 'nx.json'))) return dir;
  throw new Error('the repository root (nx.json) was not found');
}

/**
 * Real prose for long transcripts made at test time: the sentences of this repository's English
 * blog articles and docs, then of the READMEs of libraries it installs, each source read whole
 * before the next (so the text changes topic where a source ends, as a lecture does). Markdown
 * is taken off (code blocks, tables, headings, links); only whole sentences of words are kept,
 * each once.
 */
const SOURCES = [
  ...['how-to-summarize-a-youtube-video', 'how-to-summarize-a-pdf', 'how-to-make-a-flowchart', 'visual-note-taking-guide', 'how-to-make-a-moodboard'].map(
    (slug) => `services/publish/content/blog/${slug}/en.md`,
  ),
  'docs/architecture.md',
  'docs/operations.md',
  'docs/backups.md',
  'docs/testing.md',
  ...[
    'yauzl',
    'ioredis',
    'cacheable',
    'terser',
    'msgpackr',
    'glob',
    'piscina',
    'strtok3',
    'sanitize-html',
    'jsdom',
    'body-parser',
    'axios',
    'commander',
    'dompurify',
    'find-my-way',
    'streamx',
    'winston',
    'minimatch',
    'keyv',
    'enquirer',
  ].map((name) => `node_modules/${name}/README.md`),
];

function sentencesOf(markdown: string): string[] {
  const text = markdown.replace(/```[\s\S]*?```/g, ' ').replace(/<[^>]+>/g, ' ');
  const lines = text.split('\n').filter((l) => !/^\s*(\||#|>|\s{4}|\t|!\[|---|\*\*\*|\[.*\]:)/.test(l));
  const flat = lines
    .join(' ')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*_]/g, '')
    .replace(/\s+/g, ' ');
  return flat
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter((s) => {
      const words = s.split(' ').length;
      if (words < 6 || words > 60 || !/[.!?]$/.test(s)) return false;
      if ((s.match(/[a-z]/gi)?.length ?? 0) < s.length * 0.7) return false;
      return !/[{}=<>$\\]|https?:|\(\)/.test(s);
    });
}

/** At least `words` words of distinct prose sentences, in source order; throws when there are not that many. */
export function proseSentences(words: number): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  let count = 0;
  for (const source of SOURCES) {
    const path = join(repoRoot(), source);
    if (!existsSync(path)) continue;
    for (const sentence of sentencesOf(readFileSync(path, 'utf8'))) {
      if (seen.has(sentence)) continue;
      seen.add(sentence);
      out.push(sentence);
      count += sentence.split(' ').length;
      if (count >= words) return out;
    }
  }
  throw new Error(`only ${count} words of prose found, ${words} asked for`);
}

/** A caption line of a made-up talk. */
export interface ProseLine {
  start: number;
  end: number;
  text: string;
}

/**
 * Caption lines of a talk `seconds` long, spoken at `wordsPerMinute` (a lecture: about 130), of
 * real prose (see {@link proseSentences}): lines of at most 10 words, each timed by its words.
 */
export function proseTranscript(seconds: number, wordsPerMinute = 130): ProseLine[] {
  const perWord = 60 / wordsPerMinute;
  const lines: ProseLine[] = [];
  let t = 0;
  for (const sentence of proseSentences(Math.ceil((seconds / 60) * wordsPerMinute) + 50)) {
    const words = sentence.split(' ');
    for (let i = 0; i < words.length && t < seconds; i += 10) {
      const part = words.slice(i, i + 10);
      const end = Math.min(seconds, t + part.length * perWord);
      lines.push({ start: Math.round(t * 100) / 100, end: Math.round(end * 100) / 100, text: part.join(' ') });
      t = end;
    }
    if (t >= seconds) break;
  }
  return lines;
}

/** The lines as a WebVTT file. */
export function toWebVtt(lines: ProseLine[]): string {
  const stamp = (s: number) => {
    const ms = Math.round(s * 1000);
    const h = Math.floor(ms / 3_600_000);
    const m = Math.floor((ms % 3_600_000) / 60_000);
    const sec = Math.floor((ms % 60_000) / 1000);
    return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}:${String(sec).padStart(2, '0')}.${String(ms % 1000).padStart(3, '0')}`;
  };
  return `WEBVTT\n\n${lines.map((l, i) => `${i + 1}\n${stamp(l.start)} --> ${stamp(l.end)}\n${l.text}\n`).join('\n')}`;
}
