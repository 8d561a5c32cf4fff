import type { ClientInfo } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';

/** The caller's address (as Fastify resolved it, TRUST_PROXY aware) and user agent. */
export function clientInfo(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  return { ip: request.ip || 'unknown', user_agent: typeof ua === 'string' ? ua.slice(0, 300) : undefined };
}
