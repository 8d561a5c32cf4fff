import type { z } from 'zod';
import { AiRequests } from './rpc/ai.requests';
import { AuthRequests } from './rpc/auth.requests';
import type { RequestSchemas } from './rpc/common';
import { LicenseRequests } from './rpc/license.requests';
import { MediaRequests } from './rpc/media.requests';
import { PublishRequests } from './rpc/publish.requests';
import type { RpcMap } from './rpc';

// Kept apart from the pattern map so that code needing only the patterns and types (the front
// end) does not load every schema.

/**
 * The request schema of every pattern, keyed by pattern: the RPC transport parses each request
 * with it before the handler runs, so handlers receive `RpcRequest<P>` as typed.
 */
export const RequestSchemasByPattern: RequestSchemas<RpcMap> = {
  ...AuthRequests,
  ...LicenseRequests,
  ...MediaRequests,
  ...AiRequests,
  ...PublishRequests,
};

/** The schema the transport checks a request of `pattern` with (undefined for a pattern of no service). */
export function requestSchemaOf(pattern: string): z.ZodType | undefined {
  return Object.hasOwn(RequestSchemasByPattern, pattern) ? (RequestSchemasByPattern as Record<string, z.ZodType>)[pattern] : undefined;
}
