import type { z } from 'zod';
import type { ServiceName } from '../services';

export interface HealthReply {
  status: 'up';
  service: ServiceName;
  instance: string;
}

/**
 * One request schema per pattern of a service's RPC map: a pattern without one fails the
 * typecheck, and each schema must produce the request type its handler is written against.
 */
export type RequestSchemas<M extends { [P in keyof M]: { req: unknown } }> = { [P in keyof M]: z.ZodType<M[P]['req'], unknown> };
