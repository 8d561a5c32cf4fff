import type { RequestSchemas } from './common';
import type { AiRpc } from './ai';
import { z } from 'zod';
import { empty } from '../primitives';

/** Request schemas of the ai service, checked by the transport before a handler runs. */
export const AiRequests: RequestSchemas<AiRpc> = {
  'ai.health': empty,
  'ai.capabilities': empty,
  'ai.embed': z.object({ texts: z.array(z.string().max(20_000)).min(1).max(256) }),
  'ai.answer': z.object({
    question: z.string().min(1).max(4_000),
    history: z.array(z.object({ role: z.enum(['user', 'assistant']), content: z.string().max(20_000) })).max(40),
    passages: z
      .array(z.object({ label: z.string().max(500), text: z.string().max(20_000) }))
      .min(1)
      .max(20),
  }),
};
