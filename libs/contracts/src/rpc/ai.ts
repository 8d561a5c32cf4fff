import type { HealthReply } from './common';
import type { AskTurn } from '../dto/ask';

/** RPC patterns answered by the ai service. */
export const AiPatterns = {
  health: 'ai.health',
  /** What this installation can do (e.g. speech-to-text is configured), for the pages to say so up front. */
  capabilities: 'ai.capabilities',
  /** Vectors of texts from the configured embeddings endpoint (`vectors: null` when there is none). */
  embed: 'ai.embed',
  /** An answer written by the configured chat model from numbered passages (`answer: null` without a model). */
  answer: 'ai.answer',
} as const;

export interface AiCapabilities {
  transcription: boolean;
  /** An embeddings endpoint is configured (questions are also matched by meaning). */
  embeddings?: boolean;
}

export interface AiRpc {
  'ai.health': { req: Record<string, never>; res: HealthReply };
  'ai.capabilities': { req: Record<string, never>; res: AiCapabilities };
  'ai.embed': { req: { texts: string[] }; res: { vectors: number[][] | null } };
  /**
   * `passages[i]` is cited as [i+1]; `history` the earlier turns of the conversation. The answer
   * is `NOT_FOUND` when the passages do not answer the question.
   */
  'ai.answer': { req: { question: string; history: AskTurn[]; passages: { label: string; text: string }[] }; res: { answer: string | null } };
}

/** `GET /api/capabilities`: what this installation offers. */
export interface Capabilities {
  google_sign_in: boolean;
  transcription: boolean;
}
