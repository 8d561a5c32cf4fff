import { createHash, randomBytes } from 'node:crypto';
import type { OnModuleDestroy } from '@nestjs/common';
import type Redis from 'ioredis';
import type { Metadata, StateStore, StateStoreStoreCallback, StateStoreVerifyCallback } from 'passport-oauth2';

export const STATE_COOKIE = 'vn_google_state';
export const STATE_TTL_S = 600;
/** The front end's own nonce for a sign-in (`GET /api/auth/google?nonce=`): URL-safe, long enough not to be guessed. */
const PAGE_NONCE = /^[A-Za-z0-9_-]{22,128}$/;

/** The request passport-oauth2 hands to a state store. */
type StoreRequest = Parameters<StateStore['verify']>[0];
/** With PKCE, verify answers the stored code verifier where the plain form answers `true` (passport-oauth2 reads a string as the verifier). */
type VerifiedCallback = (err: Error | null, ok: string | boolean, info?: { message: string }) => void;

// passport-oauth2's typings give verify's callback a boolean; at run time it takes the verifier string too
function isVerifiedCallback(v: unknown): v is VerifiedCallback {
  return typeof v === 'function';
}

function sha256(v: string) {
  return createHash('sha256').update(v).digest('hex');
}

export function readCookie(req: { headers: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const header = req.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return decodeURIComponent(part.slice(at + 1).trim());
  }
  return undefined;
}

/** The start route's `nonce` when it is well formed; anything else is dropped (the page then refuses the tokens). */
function pageNonceOf(req: StoreRequest): string | null {
  const nonce: unknown = req.query?.nonce;
  return typeof nonce === 'string' && PAGE_NONCE.test(nonce) ? nonce : null;
}

/**
 * passport-oauth2 state store in Redis (short TTL, single use). The state is also bound to the
 * browser that started the sign-in by a cookie nonce, so a callback URL made by someone else is
 * ignored. Keeps the PKCE verifier too, and the page's nonce: the callback hands it back beside
 * the tokens, so the page that started the sign-in can tell its own tokens from a link someone
 * else made (the cookie cannot: the tokens reach the page in a URL fragment anyone can write).
 */
export class RedisStateStore implements StateStore, OnModuleDestroy {
  private readonly nonces = new WeakMap<object, string>();
  private readonly pageNonces = new WeakMap<object, string>();

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
  ) {}

  onModuleDestroy() {
    this.redis.disconnect();
  }

  /** The cookie nonce made for this request's state, to be set on the browser that started the sign-in. */
  nonceFor(req: object): string | undefined {
    return this.nonces.get(req);
  }

  /** The page's nonce kept with the state this request verified, if the sign-in was started with one. */
  pageNonceFor(req: object): string | undefined {
    return this.pageNonces.get(req);
  }

  store(req: StoreRequest, callback: StateStoreStoreCallback): void;
  store(req: StoreRequest, meta: Metadata, callback: StateStoreStoreCallback): void;
  store(req: StoreRequest, verifier: string, state: unknown, meta: Metadata, callback: StateStoreStoreCallback): void;
  // five parameters: passport-oauth2 calls the PKCE form (req, verifier, state, meta, cb) by the method's arity
  store(
    req: StoreRequest,
    verifierOrCb: string | Metadata | StateStoreStoreCallback,
    _state?: unknown,
    _meta?: Metadata,
    pkceCb?: StateStoreStoreCallback,
  ): void {
    const cb = pkceCb ?? (typeof verifierOrCb === 'function' ? verifierOrCb : undefined);
    if (!cb) throw new Error('state store called without a callback');
    const verifier = typeof verifierOrCb === 'string' ? verifierOrCb : null;
    const state = randomBytes(24).toString('base64url');
    const nonce = randomBytes(24).toString('base64url');
    const page = pageNonceOf(req);
    this.nonces.set(req, nonce);
    this.redis.set(this.key(state), JSON.stringify({ verifier, nonce: sha256(nonce), page }), 'EX', STATE_TTL_S).then(
      () => cb(null, state),
      (err: Error) => cb(err, undefined),
    );
  }

  verify(req: StoreRequest, state: string, callback: StateStoreVerifyCallback): void;
  verify(req: StoreRequest, state: string, meta: Metadata, callback: StateStoreVerifyCallback): void;
  verify(req: StoreRequest, providedState: unknown, metaOrCb: unknown, maybeCb?: unknown): void {
    const cb = isVerifiedCallback(metaOrCb) ? metaOrCb : maybeCb;
    if (!isVerifiedCallback(cb)) throw new Error('state store called without a callback');
    if (typeof providedState !== 'string' || providedState.length > 200) return cb(null, false, { message: 'Invalid state' });
    this.redis.getdel(this.key(providedState)).then(
      (raw) => {
        if (!raw) return cb(null, false, { message: 'Unknown or expired state' });
        // `page` is missing from states stored before it was kept: that sign-in ends without one
        const { verifier, nonce, page } = JSON.parse(raw) as { verifier: string | null; nonce: string; page?: string | null };
        const cookie = readCookie(req, STATE_COOKIE);
        if (!cookie || sha256(cookie) !== nonce) return cb(null, false, { message: 'State from another browser' });
        if (page) this.pageNonces.set(req, page);
        cb(null, verifier ?? true);
      },
      (err: Error) => cb(err, false),
    );
  }

  private key(state: string) {
    return `${this.prefix}auth:google:state:${sha256(state)}`;
  }
}
