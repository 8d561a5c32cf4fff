import type { ServiceName } from '@visualnotes/contracts';

/**
 * Redis keys of the RPC transport. Requests wait in one list per service; every copy of the
 * service takes from it, so each request runs on one copy. A copy keeps what it took under keys of
 * its own until it has answered, so that another copy can take it back if this one dies (see
 * RedisQueueServer). Replies go back over the caller's own pub/sub channel (only that caller
 * listens there). Every key of a service shares one hash tag, so its scripts work on a cluster.
 */
export const rpcKeys = {
  requests: (prefix: string, service: ServiceName) => `${prefix}:rpc:{${service}}:requests`,
  instances: (prefix: string, service: ServiceName) => `${prefix}:rpc:{${service}}:instances`,
  /** The start of the keys below, for the scripts that build them for other copies. */
  base: (prefix: string, service: ServiceName) => `${prefix}:rpc:{${service}}:`,
  /** A list: where a copy's blocking read puts the request it waited for, for a moment. */
  taken: (prefix: string, service: ServiceName, instanceId: string) => `${prefix}:rpc:{${service}}:taken:${instanceId}`,
  /** A hash, request id → request: what a copy is running. */
  inFlight: (prefix: string, service: ServiceName, instanceId: string) => `${prefix}:rpc:{${service}}:in-flight:${instanceId}`,
  /** Set by a caller that answered its user "unavailable": the request must not run later. */
  abandoned: (prefix: string, service: ServiceName, requestId: string) => `${prefix}:rpc:{${service}}:abandoned:${requestId}`,
  reply: (prefix: string, clientId: string) => `${prefix}:rpc:reply:${clientId}`,
};

/** A copy of a service counts as alive while its heartbeat is younger than this. */
export const INSTANCE_TTL_MS = 3_000;
export const HEARTBEAT_MS = 1_000;
/**
 * A copy silent for this long is taken for dead, and the requests it was running go back to the
 * queue for the others (longer than INSTANCE_TTL_MS: a copy whose heartbeat is merely late, in a
 * long garbage collection say, keeps its work).
 */
export const RECLAIM_AFTER_MS = 5_000;

/** The id of a request as the transport's scripts read it: the envelope's first field. */
export function envelopeId(raw: string): string {
  return ENVELOPE_ID.exec(raw)?.[1] ?? raw;
}
const ENVELOPE_ID = /^\{"id":"([^"]*)"/;

export interface RpcEnvelope {
  /** Always the first field: the transport finds it without parsing the request (envelopeId). */
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
