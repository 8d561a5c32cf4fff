import { createHash, randomBytes } from 'node:crypto';
import type Redis from 'ioredis';

export const STATE_COOKIE = 'vn_google_state';
export const STATE_TTL_S = 600;

type Req = { headers: Record<string, string | string[] | undefined>; googleNonce?: string };
type StoredCb = (err: Error | null, state?: string) => void;
type LoadedCb = (err: Error | null, ok?: string | false, state?: unknown) => void;

function sha256(v: string) {
  return createHash('sha256').update(v).digest('hex');
}

export function readCookie(req: Req, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/**
 * passport-oauth2 state store in Redis (short TTL, single use). The state is also bound to the
 * browser that started the sign-in by a cookie nonce, so a callback URL made by someone else is
 * ignored. Keeps the PKCE verifier too.
 */
export class RedisStateStore {
  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  // arity 5 = PKCE form: (req, verifier, state, meta, cb)
  store(req: Req, verifier: string, _state: unknown, _meta: unknown, cb: StoredCb): void {
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    req.googleNonce = nonce;
    this.redis.set(`${this.prefix}auth:google:state:${sha256(state)}`, JSON.stringify({ verifier, nonce: sha256(nonce) }), 'EX', STATE_TTL_S).then(
      () => cb(null, state),
      (err: Error) => cb(err),
    );
  }

  verify(req: Req, providedState: unknown, _meta: unknown, cb: LoadedCb): void {
    if (typeof providedState !== 'string' || providedState.length > 200) return cb(null, false, { message: 'Invalid state' });
    const key = `${this.prefix}auth:google:state:${sha256(providedState)}`;
    this.redis.getdel(key).then(
      (raw) => {
        if (!raw) return cb(null, false, { message: 'Unknown or expired state' });
        const { verifier, nonce } = JSON.parse(raw) as { verifier: string; nonce: string };
        const cookie = readCookie(req, STATE_COOKIE);
        if (!cookie || sha256(cookie) !== nonce) return cb(null, false, { message: 'State from another browser' });
        cb(null, verifier);
      },
      (err: Error) => cb(err),
    );
  }
}
