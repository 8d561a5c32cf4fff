import type { HealthReply } from './common';

/** RPC patterns answered by the ai service. */
export const AiPatterns = {
  health: 'ai.health',
  /** What this installation can do (e.g. speech-to-text is configured), for the pages to say so up front. */
  capabilities: 'ai.capabilities',
} as const;

export interface AiCapabilities {
  transcription: boolean;
}

export interface AiRpc {
  'ai.health': { req: Record<string, never>; res: HealthReply };
  'ai.capabilities': { req: Record<string, never>; res: AiCapabilities };
}

/** `GET /api/capabilities`: what this installation offers. */
export interface Capabilities {
  google_sign_in: boolean;
  transcription: boolean;
}
