import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const aiEnvSchema = baseEnvSchema.extend({
  /** OpenAI-compatible chat endpoint for summaries and answers to questions; unset: the built-in summarizer (and answers quote the passages). */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** OpenAI-compatible `/audio/transcriptions` endpoint; defaults to the AI_* values. */
  ASR_BASE_URL: optionalUrl,
  ASR_API_KEY: optionalText,
  ASR_MODEL: z.string().min(1).default('whisper-1'),
  /**
   * OpenAI-compatible `/embeddings` endpoint for asking questions of one's sources by meaning; unset:
   * questions are matched by their words alone. The key defaults to AI_API_KEY.
   */
  EMBEDDINGS_BASE_URL: optionalUrl,
  EMBEDDINGS_API_KEY: optionalText,
  EMBEDDINGS_MODEL: z.string().min(1).default('text-embedding-3-small'),
  /** Time limit of one model call. */
  AI_TIMEOUT_MS: int(1_000, 30 * 60_000, 120_000),
  /** Words per map step of the chat summarizer on long transcripts. */
  AI_MAP_WORDS: int(200, 100_000, 3_000),
  /** Summary jobs (`ai-summaries`) one ai copy runs at once; WORKER_CONCURRENCY_AI_SUMMARIES overrides it. */
  AI_SUMMARY_CONCURRENCY: int(1, 1_000, 2),
  /**
   * A document's map jobs (`ai-documents`, each a run of chunks) one ai copy runs at once; short jobs
   * that mostly wait on the media service or the model, so more than the summaries (measured on a
   * 510-page book: 8 at once map it in ~135 ms against ~180 ms with 2). WORKER_CONCURRENCY_AI_DOCUMENTS overrides it.
   */
  AI_DOCUMENT_CONCURRENCY: int(1, 1_000, 8),
  /** Audio chunks (`ai-transcription`) one ai copy transcribes at once; WORKER_CONCURRENCY_AI_TRANSCRIPTION overrides it. */
  AI_TRANSCRIPTION_CONCURRENCY: int(1, 1_000, 4),
  /**
   * Lock of a transcription job, renewed while it runs: a copy that stops or crashes mid-job has
   * its job taken up by another this long after (it is also how often stalled jobs are looked for).
   */
  AI_JOB_LOCK_MS: int(1_000, 3_600_000, 30_000),
});
export type AiConfig = z.infer<typeof aiEnvSchema>;

/** The transcription endpoint settings after the ASR_* -> AI_* fallback. */
export function asrSettings(config: AiConfig): { baseUrl?: string; apiKey?: string; model: string } {
  return { baseUrl: config.ASR_BASE_URL ?? config.AI_BASE_URL, apiKey: config.ASR_API_KEY ?? config.AI_API_KEY, model: config.ASR_MODEL };
}
