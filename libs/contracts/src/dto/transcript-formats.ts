import type { TranscriptSegment, VideoView } from './videos';

/**
 * Transcript and summary downloads (TXT, SRT, VTT, Markdown), shared by the page's download
 * buttons and the batch ZIP export so both give the same files.
 */

/** 75.4 -> "1:15", 3725 -> "1:02:05". */
export function clock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(m).padStart(2, '0')}:${sec}` : `${m}:${sec}`;
}

function stamp(seconds: number, sep: ',' | '.'): string {
  const ms = Math.max(0, Math.round(seconds * 1000));
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor((ms % 3_600_000) / 60_000);
  const s = Math.floor((ms % 60_000) / 1000);
  const pad = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${pad(h)}:${pad(m)}:${pad(s)}${sep}${pad(ms % 1000, 3)}`;
}

export const toTxt = (lines: TranscriptSegment[]) => lines.map((l) => `[${clock(l.start)}] ${l.text}`).join('\n') + '\n';

export const toSrt = (lines: TranscriptSegment[]) =>
  lines.map((l, i) => `${i + 1}\n${stamp(l.start, ',')} --> ${stamp(Math.max(l.end, l.start), ',')}\n${l.text}\n`).join('\n');

export const toVtt = (lines: TranscriptSegment[]) =>
  `WEBVTT\n\n${lines.map((l) => `${stamp(l.start, '.')} --> ${stamp(Math.max(l.end, l.start), '.')}\n${l.text}\n`).join('\n')}`;

export const pageOrigin = () => (globalThis as { location?: { origin?: string } }).location?.origin ?? '';

/** A link to the moment `seconds` of the video (YouTube `t=`; uploads keep the page link). */
export function momentUrl(video: Pick<VideoView, 'provider' | 'provider_id' | 'id'>, seconds: number, origin = pageOrigin()): string {
  const t = Math.floor(seconds);
  if (video.provider === 'youtube' && video.provider_id) return `https://www.youtube.com/watch?v=${video.provider_id}&t=${t}s`;
  return `${origin}/tools/video-summarizer?v=${video.id}&t=${t}`;
}

/** A file name made from a title (characters no file system accepts removed). */
export const fileBase = (title: string) =>
  title
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 80) || 'transcript';
