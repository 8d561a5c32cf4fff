import { z } from 'zod';
import { Messages } from '../messages';
import type { SummaryPoint } from './documents';
import { parseYouTubeUrl } from '../youtube-url';

/**
 * Videos, tags and highlights: request bodies, response shapes and the
 * YouTube link parser. Browser-safe: the front end validates with the same rules and messages.
 */

export { parseYouTubeUrl } from '../youtube-url';

/** The start offset (seconds) of a link's `t=`/`start=` parameter (`90`, `1m30s`, `1h2m3s`), else 0. */
export function startOfYouTubeUrl(input: string): number {
  let url: URL;
  try {
    url = new URL(String(input).trim());
  } catch {
    return 0;
  }
  const t = url.searchParams.get('t') ?? url.searchParams.get('start') ?? '';
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s?)?$/.exec(t);
  if (!m) return 0;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

export const NOT_A_VIDEO_URL = 'This link is not a YouTube video. Paste a YouTube video link or upload a file';

export const createVideoSchema = z
  .object({
    url: z.string().max(2048).optional(),
    file_id: z.string().max(100).optional(),
    /** Preferred transcript language (e.g. `en`, `zh-CN`); default the first track. */
    language: z.string().max(20).optional(),
  })
  .superRefine((value, ctx) => {
    const { url, file_id } = value;
    if (!file_id && !(url ?? '').trim()) ctx.addIssue({ code: 'custom', message: Messages.videoUrlRequired, path: ['url'] });
    else if (!file_id && !parseYouTubeUrl(url!)) ctx.addIssue({ code: 'custom', message: NOT_A_VIDEO_URL, path: ['url'] });
  });
export type CreateVideoBody = z.infer<typeof createVideoSchema>;

export const updateVideoSchema = z.object({
  favorite: z.boolean().optional(),
  tag_ids: z.array(z.string().max(64)).max(50).optional(),
});
export type UpdateVideoBody = z.infer<typeof updateVideoSchema>;

export const listVideosQuerySchema = z.object({
  favorite: z.enum(['true', 'false']).optional(),
  tag: z.string().max(64).optional(),
  q: z.string().max(200, 'A search has at most 200 characters').optional(),
});

export const tagSchema = z.object({
  name: z.string({ error: Messages.tagNameRequired }).trim().min(1, Messages.tagNameRequired).max(50, 'A tag name has at most 50 characters'),
});
export type TagBody = z.infer<typeof tagSchema>;

const seconds = z
  .number({ error: 'start must be a number of seconds' })
  .min(0)
  .max(7 * 24 * 3600);
const highlightTitle = z.string().trim().max(200, 'A highlight title has at most 200 characters');
const highlightNote = z.string().max(10_000, 'A highlight note has at most 10,000 characters');
export const createHighlightSchema = z.object({
  start: seconds,
  title: highlightTitle.default(''),
  content: highlightNote.default(''),
});
export type CreateHighlightBody = z.input<typeof createHighlightSchema>;
/** A highlight to create once its body is read (defaults filled in). */
export type NewHighlight = z.output<typeof createHighlightSchema>;
export const updateHighlightSchema = z.object({
  start: seconds.optional(),
  title: highlightTitle.optional(),
  content: highlightNote.optional(),
});
export type UpdateHighlightBody = z.infer<typeof updateHighlightSchema>;

/** One line of a transcript; times in seconds. */
export interface TranscriptSegment {
  start: number;
  end: number;
  text: string;
}

/**
 * A summary of a video or a document: `start` (seconds) on video sections, `page` on document
 * sections. The ai service's summary providers produce this shape for both.
 */
export interface SummarySection {
  start?: number;
  page?: number;
  title: string;
  points: string[];
  /** The same points with the moment (`start`, seconds) or page each one is said or written at. */
  citations?: SummaryPoint[];
}

/** How long a summary is: fewer points (`brief`), the default, or more points and shorter sections (`detailed`). */
export const SUMMARY_LENGTHS = ['brief', 'standard', 'detailed'] as const;
export type SummaryLength = (typeof SUMMARY_LENGTHS)[number];

/** A chapter of a video (YouTube chapters, or chapters in an uploaded file): where it starts and its title. */
export interface VideoChapter {
  start: number;
  title: string;
}

/** `POST /api/videos/:id/summary`: the summary written again from the (corrected) transcript, at a length. */
export const regenerateSummarySchema = z.object({
  length: z.enum(SUMMARY_LENGTHS, { error: 'length is brief, standard or detailed' }).optional(),
});
export type RegenerateSummaryBody = z.infer<typeof regenerateSummarySchema>;

/** `PATCH /api/videos/:id/transcript/:index`: a transcript line's corrected text. */
export const correctTranscriptLineSchema = z.object({
  text: z
    .string({ error: 'Write the corrected text of the line' })
    .trim()
    .min(1, 'Write the corrected text of the line')
    .max(2_000, 'A transcript line has at most 2,000 characters'),
});
export type CorrectTranscriptLineBody = z.infer<typeof correctTranscriptLineSchema>;
export interface Summary {
  overview: string;
  sections: SummarySection[];
}

export type VideoStatus = 'queued' | 'transcribing' | 'summarizing' | 'ready' | 'failed';
export type VideoProvider = 'youtube' | 'upload';

export interface TagView {
  id: string;
  name: string;
}

/** A video in the library list. */
export interface VideoCard {
  id: string;
  url: string | null;
  provider: VideoProvider;
  provider_id: string | null;
  title: string;
  channel: string | null;
  duration: number | null;
  thumbnail_url: string | null;
  status: VideoStatus;
  progress: number;
  error: string | null;
  favorite: boolean;
  tags: TagView[];
  created_at: string;
}

/** `GET /api/videos/:id`. `media_url` plays an uploaded file; `job_id` follows the processing. */
export interface VideoView extends VideoCard {
  language: string | null;
  transcript_source: 'captions' | 'auto-captions' | 'transcription' | 'subtitles' | null;
  transcript: TranscriptSegment[];
  summary: Summary | null;
  /** The length the summary was written at. */
  summary_length: SummaryLength;
  /** The transcript was corrected after the summary was written: regenerating it uses the corrections. */
  summary_outdated: boolean;
  /** The video's chapters (empty when it has none); the summary's sections follow them. */
  chapters: VideoChapter[];
  media_url: string | null;
  /** The uploaded file a video was made from. */
  file_id: string | null;
  job_id: string | null;
}

export interface CreateVideoReply {
  video: VideoView;
  job_id: string;
}

export interface HighlightView {
  id: string;
  video_id: string;
  start: number;
  title: string;
  content: string;
  created_at: string;
  updated_at: string;
}
