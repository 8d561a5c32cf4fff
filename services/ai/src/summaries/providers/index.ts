import { SERVICE_CONFIG, ServiceMetrics } from '@visualnotes/common';
import OpenAI from 'openai';
import type { AiConfig } from '../../config';
import { BuiltinSummaryProvider } from './builtin.provider';
import { OpenAiSummaryProvider } from './openai.provider';
import { SUMMARY_PROVIDER, type SummaryProvider } from './summary-provider';

export * from './summary-provider';
export { BuiltinSummaryProvider, summarizeExtractive } from './builtin.provider';
export { OpenAiSummaryProvider } from './openai.provider';

/**
 * The configured provider: the chat model when `AI_BASE_URL` or `AI_API_KEY` is set, else the
 * built-in one. With `metrics`, the model's tokens are counted in `vn_ai_tokens_total`.
 */
export function createSummaryProvider(config: AiConfig, metrics?: ServiceMetrics): SummaryProvider {
  if (!config.AI_BASE_URL && !config.AI_API_KEY) return new BuiltinSummaryProvider();
  const client = new OpenAI({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY ?? 'not-needed',
    timeout: config.AI_TIMEOUT_MS,
    maxRetries: 2,
  });
  const model = config.AI_MODEL;
  return new OpenAiSummaryProvider(client, model, config.AI_MAP_WORDS, (tokens) => {
    metrics?.aiTokens.inc({ model, kind: 'prompt' }, tokens.prompt);
    metrics?.aiTokens.inc({ model, kind: 'completion' }, tokens.completion);
  });
}

/** Nest provider of `SUMMARY_PROVIDER`; list it in a module's providers and inject the token. */
export const summaryProviderFactory = {
  provide: SUMMARY_PROVIDER,
  inject: [SERVICE_CONFIG, ServiceMetrics],
  useFactory: (config: AiConfig, metrics: ServiceMetrics) => createSummaryProvider(config, metrics),
};
