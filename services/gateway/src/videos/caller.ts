import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import type { VideoCaller } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import type { AuthUser } from '../auth/current-user.decorator';

const hash = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * The network a client address belongs to: an IPv4 address itself, an IPv6 address its /64
 * (one subscriber usually holds a whole /64 and can pick any address in it).
 */
export function addressNetwork(ip: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return mapped[1];
  if (!isIPv6(ip)) return ip;
  const [head, tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.toLowerCase().replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** The key a visitor's videos and jobs belong to (fingerprint header and address, hashed). */
export function visitorKey(fingerprint: string, ip: string): string {
  return hash(`${fingerprint}\u0000${ip}`);
}

/**
 * The caller of a video route: the signed-in user, or a visitor. A visitor's videos belong to the
 * `X-Fingerprint` header and the address, hashed (never stored in clear), so that visitors behind
 * one address do not see each other's; the visitor allowance is counted on the address (as
 * Fastify resolves it, `TRUST_PROXY` aware) alone, which no header changes.
 */
export function videoCaller(request: FastifyRequest, user: AuthUser | undefined): VideoCaller {
  if (user) return { owner_id: user.id, scope: user.scope };
  const header = request.headers['x-fingerprint'];
  const fingerprint = (Array.isArray(header) ? header[0] : (header ?? '')).slice(0, 200);
  const ip = request.ip || 'unknown';
  return { owner_id: null, visitor_key: visitorKey(fingerprint, ip), visitor_quota_key: hash(`address\u0000${addressNetwork(ip)}`) };
}
