import { createHash } from 'node:crypto';
import type { VideoCaller } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/current-user.decorator';

/**
 * The caller of a video route: the signed-in user, or a visitor known by the `X-Fingerprint`
 * header and the address, hashed (never stored in clear).
 */
export function videoCaller(request: FastifyRequest, user: AuthUser | undefined): VideoCaller {
  if (user) return { owner_id: user.id, scope: user.scope };
  const header = request.headers['x-fingerprint'];
  const fingerprint = (Array.isArray(header) ? header[0] : header ?? '').slice(0, 200);
  const visitor_key = createHash('sha256').update(`${fingerprint}\u0000${request.ip || 'unknown'}`).digest('hex');
  return { owner_id: null, visitor_key };
}
