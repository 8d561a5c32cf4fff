import type { ServiceName } from '@visualnotes/contracts';

/**
 * Redis keys of the RPC transport. Requests wait in one list per service; every copy of the
 * service pops from it, so each request runs on exactly one copy. Replies go back over the
 * caller's own pub/sub channel (only that caller listens there).
 */
export const rpcKeys = {
  requests: (prefix: string, service: ServiceName) => `${prefix}:rpc:{${service}}:requests`,
  instances: (prefix: string, service: ServiceName) => `${prefix}:rpc:{${service}}:instances`,
  reply: (prefix: string, clientId: string) => `${prefix}:rpc:reply:${clientId}`,
};

/** A copy of a service counts as alive while its heartbeat is younger than this. */
export const INSTANCE_TTL_MS = 3_000;
export const HEARTBEAT_MS = 1_000;

export interface RpcEnvelope {
  id: string;
  pattern: string;
  data: unknown;
  replyTo: string;
  /** Epoch ms after which the caller has given up; a copy that pops it later skips it. */
  deadline: number;
  requestId?: string;
  /** W3C `traceparent` of the caller's span, when tracing is on. */
  trace?: string;
}

export interface RpcReply {
  id: string;
  response?: unknown;
  err?: { statusCode: number; message: string; code?: string };
}
