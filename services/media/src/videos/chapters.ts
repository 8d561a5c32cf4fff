import type { VideoChapter } from '@visualnotes/contracts';

/** A chapter line: a timestamp (`0:00`, `12:34`, `1:02:03`) opening it (after a list number or a bracket) or ending it. */
const AT_START = /^\s*(?:\d{1,3}[.)]\s+)?[([]?((?:\d{1,2}:)?\d{1,2}:\d{2})[)\]]?(?=$|[\s\-–—:|•·])/;
const AT_END = /[\s\-–—:|•·([]((?:\d{1,2}:)?\d{1,2}:\d{2})[)\]]?\s*$/;

const seconds = (stamp: string) => stamp.split(':').reduce((total, part) => total * 60 + Number(part), 0);

/** Longest chapter title kept (YouTube's own limit is about 100 characters). */
const MAX_TITLE = 120;

/**
 * A video's chapters from its description, by YouTube's own rules: lines holding a timestamp,
 * the first at 0:00, at least three, in increasing order, each at least 10 seconds long. The title
 * is the rest of the line without the separators around the timestamp ("0:00 - Intro",
 * "Intro (0:00)", "1. 0:00 Intro"). No chapters when the rules are not met.
 */
export function chaptersFromDescription(description: string | null | undefined, duration?: number | null): VideoChapter[] {
  const found: VideoChapter[] = [];
  for (const line of String(description ?? '').split(/\r?\n/)) {
    const m = AT_START.exec(line) ?? AT_END.exec(line);
    if (!m) continue;
    const start = seconds(m[1]);
    const title = (line.slice(0, m.index) + ' ' + line.slice(m.index + m[0].length))
      .replace(/[()[\]]/g, ' ')
      .replace(/^[\s\-–—:|•·]+|[\s\-–—:|•·]+$/g, '')
      .replace(/\s+/g, ' ')
      .trim()
      .slice(0, MAX_TITLE);
    found.push({ start, title });
  }
  return validChapters(found, duration);
}

/** Chapters as YouTube accepts them (see {@link chaptersFromDescription}), else none. */
export function validChapters(chapters: VideoChapter[], duration?: number | null): VideoChapter[] {
  if (chapters.length < 3 || chapters[0].start !== 0) return [];
  for (let i = 1; i < chapters.length; i++) if (chapters[i].start - chapters[i - 1].start < 10) return [];
  if (duration && chapters.at(-1)!.start > duration - 10) return [];
  return chapters.map((c, i) => ({ start: c.start, title: c.title || `Chapter ${i + 1}` }));
}

/**
 * The chapters of a media file from ffmpeg's metadata output (`-f ffmetadata`): each `[CHAPTER]`
 * with its `TIMEBASE`, `START` and `title`. Two or more chapters count (a file's chapters are
 * its author's choice; YouTube's rules are for descriptions only); the first starts the video.
 */
export function chaptersFromFfmetadata(text: string): VideoChapter[] {
  const out: VideoChapter[] = [];
  for (const block of text.split(/^\[CHAPTER\]\s*$/m).slice(1)) {
    const body = block.split(/^\[[A-Z]+\]\s*$/m)[0];
    const field = (name: string) => new RegExp(`^${name}=(.*)$`, 'mi').exec(body)?.[1]?.trim();
    const [num, den] = (field('TIMEBASE') ?? '1/1000').split('/').map(Number);
    const start = Number(field('START'));
    if (!Number.isFinite(start) || !num || !den) continue;
    const title = (field('title') ?? '').replace(/\\(.)/g, '$1').slice(0, MAX_TITLE);
    out.push({ start: Math.round(((start * num) / den) * 1000) / 1000, title });
  }
  const sorted = out.sort((a, b) => a.start - b.start);
  if (sorted.length < 2) return [];
  sorted[0] = { ...sorted[0], start: 0 };
  return sorted.map((c, i) => ({ start: c.start, title: c.title || `Chapter ${i + 1}` }));
}
