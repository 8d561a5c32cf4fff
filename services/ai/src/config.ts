import { baseEnvSchema } from '@visualnotes/common';
import { z } from 'zod';

const int = (min: number, max: number, dflt: number) => z.coerce.number().int().min(min).max(max).default(dflt);
const optionalUrl = z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/ }).optional());
const optionalText = z.preprocess((v) => (v === '' ? undefined : v), z.string().min(1).optional());

export const aiEnvSchema = baseEnvSchema.extend({
  /** OpenAI-compatible chat endpoint for summaries; unset: the built-in summarizer. */
  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: z.string().min(1).default('gpt-4o-mini'),
  /** OpenAI-compatible `/audio/transcriptions` endpoint; defaults to the AI_* values. */
  ASR_BASE_URL: optionalUrl,
  ASR_API_KEY: optionalText,
  ASR_MODEL: z.string().min(1).default('whisper-1'),
  /** Time limit of one model call. */
  AI_TIMEOUT_MS: int(1_000, 30 * 60_000, 120_000),
  /** Words per map step of the chat summarizer on long transcripts. */
  AI_MAP_WORDS: int(200, 100_000, 3_000),
});
export type AiConfig = z.infer<typeof aiEnvSchema>;

/** The transcription endpoint settings after the ASR_* -> AI_* fallback. */
export function asrSettings(config: AiConfig): { baseUrl?: string; apiKey?: string; model: string } {
  return { baseUrl: config.ASR_BASE_URL ?? config.AI_BASE_URL, apiKey: config.ASR_API_KEY ?? config.AI_API_KEY, model: config.ASR_MODEL };
}
