import { availableParallelism } from 'node:os';
import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);

export const mediaEnvSchema = baseEnvSchema.extend({
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
  /** Documents are read in worker threads, never on the event loop that answers requests: how many at once (default: the cores but one, 1 to 4). */
  DOCUMENT_WORKERS: int(1, 64, Math.max(1, Math.min(4, availableParallelism() - 1))),
  /** Time and heap one document may take to read; past either, the user is told it is too complex. At most RPC_TIMEOUT_MS less 3 s. */
  DOCUMENT_READ_TIMEOUT_MS: int(500, 600_000, 7_000),
  DOCUMENT_WORKER_MEMORY_MB: int(32, 16_384, 512),
  /** Documents: one map job summarizes at most this many pages or characters. */
  DOCUMENT_CHUNK_PAGES: int(1, 10_000, 10),
  DOCUMENT_CHUNK_CHARS: int(500, 10_000_000, 16_000),
});
export type MediaConfig = z.infer<typeof mediaEnvSchema>;
