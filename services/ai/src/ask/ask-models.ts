import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceMetrics } from '@visualnotes/common';
import type { AskTurn } from '@visualnotes/contracts';
import OpenAI from 'openai';
import type { AiConfig } from '../config';

export const ANSWER_PROMPT = `You answer questions from numbered passages of the user's own videos and documents, and from nothing else.
Every sentence of your answer ends with the numbers of the passages it rests on, in brackets: [1] or [2][3].
Answer briefly, in the language of the question. Never add what the passages do not say.
If the passages do not answer the question, answer exactly NOT_FOUND.`;

/**
 * The models behind questions: the embeddings endpoint (`EMBEDDINGS_*`) that gives texts their
 * vectors, and the chat model (`AI_*`, as for summaries) that writes answers from passages.
 */
@Injectable()
export class AskModels {
  private readonly embeddings: OpenAI | null;
  private readonly chat: OpenAI | null;

  constructor(
    @Inject(SERVICE_CONFIG) private readonly config: AiConfig,
    private readonly metrics: ServiceMetrics,
  ) {
    this.embeddings = config.EMBEDDINGS_BASE_URL
      ? new OpenAI({
          baseURL: config.EMBEDDINGS_BASE_URL,
          apiKey: config.EMBEDDINGS_API_KEY ?? config.AI_API_KEY ?? 'not-needed',
          timeout: config.AI_TIMEOUT_MS,
          maxRetries: 1,
        })
      : null;
    this.chat =
      config.AI_BASE_URL || config.AI_API_KEY
        ? new OpenAI({ baseURL: config.AI_BASE_URL, apiKey: config.AI_API_KEY ?? 'not-needed', timeout: config.AI_TIMEOUT_MS, maxRetries: 1 })
        : null;
  }

  get canEmbed(): boolean {
    return this.embeddings !== null;
  }

  /** Vectors of `texts`, in order; null without an embeddings endpoint. */
  async embed(texts: string[]): Promise<number[][] | null> {
    if (!this.embeddings) return null;
    const res = await this.embeddings.embeddings.create({ model: this.config.EMBEDDINGS_MODEL, input: texts, encoding_format: 'float' });
    const model = this.config.EMBEDDINGS_MODEL;
    if (res.usage) this.metrics.aiTokens.inc({ model, kind: 'prompt' }, res.usage.prompt_tokens ?? 0);
    return [...res.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
  }

  /** The chat model's answer from the numbered passages (null without a model). */
  async answer(question: string, history: AskTurn[], passages: { label: string; text: string }[]): Promise<string | null> {
    if (!this.chat) return null;
    const sources = passages.map((p, i) => `[${i + 1}] (${p.label}) ${p.text}`).join('\n\n');
    const model = this.config.AI_MODEL;
    const res = await this.chat.chat.completions.create({
      model,
      temperature: 0.1,
      messages: [
        { role: 'system', content: ANSWER_PROMPT },
        ...history.map((t) => ({ role: t.role, content: t.content })),
        { role: 'user', content: `Passages:\n${sources}\n\nQuestion: ${question}` },
      ],
    });
    if (res.usage) {
      this.metrics.aiTokens.inc({ model, kind: 'prompt' }, res.usage.prompt_tokens ?? 0);
      this.metrics.aiTokens.inc({ model, kind: 'completion' }, res.usage.completion_tokens ?? 0);
    }
    return res.choices?.[0]?.message?.content?.trim() ?? '';
  }
}
