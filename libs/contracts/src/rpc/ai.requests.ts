import type { RequestSchemas } from './common';
import type { AiRpc } from './ai';
import { empty } from '../primitives';

/** Request schemas of the ai service, checked by the transport before a handler runs. */
export const AiRequests: RequestSchemas<AiRpc> = {
  'ai.health': empty,
  'ai.capabilities': empty,
};
