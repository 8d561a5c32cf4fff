import { availableParallelism } from 'node:os';
import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const mediaEnvSchema = baseEnvSchema.extend({
  /**
   * `video.import` jobs one media copy runs at once, in each of `media-jobs` and `media-jobs-batch`;
   * WORKER_CONCURRENCY_MEDIA_JOBS / WORKER_CONCURRENCY_MEDIA_JOBS_BATCH override it.
   */
  MEDIA_JOB_CONCURRENCY: int(1, 1_000, 2),
  /** Where video metadata and captions are fetched from (InnerTube player endpoint, timedtext). */
  YOUTUBE_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://www.youtube.com'),
  /** Time limit of one request to YouTube. */
  YOUTUBE_TIMEOUT_MS: int(500, 60_000, 8_000),
  /** ffmpeg binary; default ffmpeg-static when installed, else `ffmpeg` on PATH. */
  FFMPEG_PATH: z.string().min(1).optional(),
  /** Target length of one audio chunk for transcription; cut at the nearest silence. */
  MEDIA_CHUNK_SECONDS: int(1, 3600, 600),
  /** Hard ceiling of one chunk file (the ASR endpoint's upload limit). */
  MEDIA_CHUNK_MAX_BYTES: int(64 * 1024, 25 * 1024 * 1024, 25 * 1024 * 1024),
  /**
   * Encoding of the chunks sent to the speech-to-text endpoint: Opus in Ogg (default, ~15 MB per
   * hour at 32 kbit/s), FLAC (lossless, ~half of WAV) or WAV (~115 MB per hour).
   */
  ASR_AUDIO_FORMAT: z.enum(['opus', 'flac', 'wav']).default('opus'),
  /** Opus bit rate of the chunks (mono 16 kHz speech). */
  ASR_AUDIO_KBPS: int(12, 128, 32),
  /** Largest audio download for a video without captions. */
  MEDIA_MAX_AUDIO_BYTES: int(1024 * 1024, 4 * 1024 * 1024 * 1024, 1024 * 1024 * 1024),
  /** Batches: most videos in one batch on the free plan, and on Premium. */
  BATCH_MAX_ITEMS_FREE: int(1, 10_000, 10),
  BATCH_MAX_ITEMS_PREMIUM: int(1, 10_000, 200),
  /**
   * Batches: how many videos of one user's batches are in the import and ai queues at once; the
   * rest wait as rows and are handed over as these finish, so one user's batch never fills the queues.
   * Short videos are one audio chunk each: this must be about twice the transcription jobs the ai
   * workers run at once, or workers wait while the next videos are downloaded and cut.
   */
  BATCH_ITEMS_IN_FLIGHT: int(1, 1000, 8),
  /** Batches: how often every running batch is checked (resumes batches after a restart). */
  BATCH_SWEEP_MS: int(500, 600_000, 10_000),
  /** Documents: what a free plan may summarize (pages/slides/parts and characters); Premium has no such limit. */
  DOCUMENT_FREE_MAX_PAGES: int(1, 1_000_000, 30),
  DOCUMENT_FREE_MAX_CHARS: int(100, 100_000_000, 60_000),
  /** Documents: hard bounds for everyone (a file may not cost unbounded memory or time). */
  DOCUMENT_MAX_PAGES: int(1, 100_000, 5_000),
  DOCUMENT_MAX_ZIP_ENTRIES: int(10, 1_000_000, 5_000),
  DOCUMENT_MAX_UNZIPPED_BYTES: int(1024 * 1024, 4 * 1024 * 1024 * 1024, 200 * 1024 * 1024),
  /** Most bytes one PDF page description may inflate to (a few kB can inflate to a page pdf.js reads for minutes). */
  DOCUMENT_MAX_PDF_STREAM_BYTES: int(64 * 1024, 1024 * 1024 * 1024, 8 * 1024 * 1024),
  /**
   * Documents are read in worker threads, never on the event loop that answers requests: how many
   * reading steps run at once in one copy (default: the cores but one, at least 2 and at most 4).
   * Another thread of its own takes the first look at new files and pasted text.
   */
  DOCUMENT_WORKERS: int(1, 64, Math.max(2, Math.min(4, availableParallelism() - 1))),
  /**
   * Time for the first look at a file (its kind, a PDF's page count) and for pasted text, at most
   * RPC_TIMEOUT_MS less 3 s; and the time every reading step has before its pages are counted.
   */
  DOCUMENT_READ_TIMEOUT_MS: int(500, 600_000, 7_000),
  /** Time a reading step has for each page of a PDF, and for each MB of a file read in one step. */
  DOCUMENT_READ_MS_PER_PAGE: int(10, 600_000, 2_000),
  DOCUMENT_READ_MS_PER_MB: int(10, 600_000, 5_000),
  /**
   * Most pages one reading step of a PDF reads (steps run in parallel, on any media copy, and tell
   * their progress as they read). Each step opens the file again: 125-page steps read a 510-page
   * book about 90 ms slower end to end than 256-page ones on two cores.
   */
  DOCUMENT_READ_STEP_PAGES: int(1, 10_000, 256),
  /** Heap of one reading thread; a step that needs more is refused as too complex. */
  DOCUMENT_WORKER_MEMORY_MB: int(32, 16_384, 512),
  /** Documents: PDF pages without text (scans) are read by OCR (Tesseract and poppler's pdftoppm on PATH) when on. */
  DOCUMENT_OCR: z.stringbool().default(true),
  /** Time and memory (address space) of each child process that draws or reads one scanned page; past either, the page is left out. */
  DOCUMENT_OCR_TIMEOUT_MS: int(1_000, 600_000, 30_000),
  DOCUMENT_OCR_MEMORY_MB: int(128, 16_384, 1_024),
  /** Tesseract languages for every scan ("eng", "deu+fra"), instead of choosing them by the script seen on each document's first scanned page. */
  DOCUMENT_OCR_LANGUAGES: z
    .string()
    .regex(/^\s*[\w-]+(?:\s*[+, ]\s*[\w-]+)*\s*$/, 'Tesseract language names separated by "+" or ","')
    .transform((s) => s.split(/[\s+,]+/).filter(Boolean))
    .optional(),
  /** Documents: one chunk (a part of the summary's map step) holds at most this many pages or characters. */
  DOCUMENT_CHUNK_PAGES: int(1, 10_000, 10),
  DOCUMENT_CHUNK_CHARS: int(500, 10_000_000, 16_000),
  /** Documents: a summary's chunks go to at most this many map jobs (as many ai workers can summarize one document at once). */
  DOCUMENT_MAP_JOBS: int(1, 1_000, 16),
  /** Ask: how often passages without a vector are sent to the embeddings endpoint (when the ai service has one), and how many per call. */
  ASK_EMBED_SWEEP_MS: int(500, 3_600_000, 10_000),
  ASK_EMBED_BATCH: int(1, 256, 64),
  /** Ask: the least cosine similarity for a passage found by its vector to count as relevant (0..1). */
  ASK_MIN_SIMILARITY: z.coerce.number().min(0).max(1).default(0.35),
});
export type MediaConfig = z.infer<typeof mediaEnvSchema>;
