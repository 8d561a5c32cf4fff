import { z } from 'zod';
import { parsePlaylistUrl, parseYouTubeUrl } from '../youtube-url';

export { parsePlaylistUrl } from '../youtube-url';

/**
 * Batches: many videos imported and summarized as one piece of work. Each item becomes an
 * ordinary video of the library. Browser-safe: the front end validates with the same rules.
 */

/** The links of a pasted text: one per line (commas and spaces also separate), blank lines skipped. */
export function splitUrls(text: string): string[] {
  return String(text ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
}

/** Longest video or playlist link accepted. */
const MAX_LINK_LENGTH = 2048;
export const PLAYLIST_URL_INVALID = 'This link is not a YouTube playlist. Paste a link with list= in it';
export const BATCH_LINE_INVALID = (line: number) => `Line ${line} is not a YouTube video link; fix or remove it`;

/** `POST /api/batches` as JSON: a list of video links, or one playlist link. */
export const createBatchSchema = z
  .object({
    // a line longer than a link is refused below with its line number
    urls: z.array(z.string()).max(1000, 'A batch has at most 1000 lines').optional(),
    playlist_url: z.string().max(MAX_LINK_LENGTH, PLAYLIST_URL_INVALID).optional(),
    /** Preferred transcript language of the videos (e.g. `en`, `zh-CN`). */
    language: z.string().max(20).optional(),
  })
  .superRefine((value, ctx) => {
    const urls = (value.urls ?? []).map((u) => String(u).trim());
    const playlist = (value.playlist_url ?? '').trim();
    if (!playlist && !urls.some(Boolean)) {
      ctx.addIssue({ code: 'custom', message: 'Paste video links (one per line) or a playlist link', path: ['urls'] });
      return;
    }
    if (playlist && urls.some(Boolean)) {
      ctx.addIssue({ code: 'custom', message: 'Send either video links or a playlist link, not both', path: ['urls'] });
      return;
    }
    if (playlist && !parsePlaylistUrl(playlist)) ctx.addIssue({ code: 'custom', message: PLAYLIST_URL_INVALID, path: ['playlist_url'] });
    const bad = urls.findIndex((u) => u && (u.length > MAX_LINK_LENGTH || !parseYouTubeUrl(u)));
    if (bad >= 0) ctx.addIssue({ code: 'custom', message: BATCH_LINE_INVALID(bad + 1), path: ['urls', bad] });
  });
export type CreateBatchBody = z.infer<typeof createBatchSchema>;

/** `pending`: not handed to the workers yet; `processing`: its video is being imported and summarized. */
export type BatchItemStatus = 'pending' | 'processing' | 'done' | 'failed' | 'cancelled';
/** `running` while items are pending or processing; `completed` once every item is done or failed. */
export type BatchStatus = 'running' | 'completed' | 'cancelled';

export interface BatchItemView {
  id: string;
  /** The library video of this item (null until it is imported). */
  video_id: string | null;
  title: string;
  status: BatchItemStatus;
  /** Why it failed, in the user's words. */
  error: string | null;
  /** 0..100 while processing. */
  progress: number;
}

export interface BatchSummaryView {
  id: string;
  title: string;
  status: BatchStatus;
  total: number;
  done: number;
  failed: number;
  created_at: string;
}

export interface BatchView extends BatchSummaryView {
  items: BatchItemView[];
}
