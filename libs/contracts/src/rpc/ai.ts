import type { HealthReply } from './common';

/** RPC patterns answered by the ai service. */
export const AiPatterns = {
  health: 'ai.health',
} as const;

export interface AiRpc {
  'ai.health': { req: Record<string, never>; res: HealthReply };
}
