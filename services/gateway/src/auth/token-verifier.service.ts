import { Injectable, Logger } from '@nestjs/common';
import { RpcClient } from '@visualnotes/common';
import { Patterns, type AccessClaims, type JWK } from '@visualnotes/contracts';
import { RevokedSessions } from './revoked-sessions';
import { errors, importJWK, jwtVerify, decodeProtectedHeader, type CryptoKey, type KeyObject } from 'jose';

type Key = CryptoKey | KeyObject | Uint8Array;

/** How often an unknown key id may trigger a refetch of the auth service's public keys. */
export const KEY_REFETCH_INTERVAL_MS = 30_000;
/** Verified tokens kept (until they expire) so a token sent again costs a map lookup, not a signature check. */
const VERIFIED_CACHE_SIZE = 10_000;

/**
 * Verifies access tokens locally: the auth service's public keys are fetched once over RPC and kept;
 * a token signed with a key id not seen yet triggers a refetch at most every 30 s. No RPC and no
 * database per request. A token of a session that has ended (logout, password reset, …) is refused
 * from the list of revoked sessions every copy keeps in memory.
 */
@Injectable()
export class TokenVerifier {
  private readonly logger = new Logger(TokenVerifier.name);
  private keys = new Map<string, Key>();
  private loading?: Promise<void>;
  private lastFetch = 0;
  private readonly verified = new Map<string, AccessClaims & { exp: number }>();

  constructor(
    private readonly rpc: RpcClient,
    private readonly revoked: RevokedSessions,
  ) {}

  /** The claims of a valid token, or null for anything else (bad signature, expired, unknown key, revoked session, garbage). */
  async verify(token: string): Promise<AccessClaims | null> {
    const cached = this.verified.get(token);
    if (cached) {
      if (cached.exp * 1000 > Date.now() && !this.revoked.isRevoked(cached.sid)) return cached;
      this.verified.delete(token);
      if (this.revoked.isRevoked(cached.sid)) return null;
    }
    const claims = await this.verifySignature(token);
    if (claims && this.revoked.isRevoked(claims.sid)) return null;
    if (claims) {
      if (this.verified.size >= VERIFIED_CACHE_SIZE) this.verified.delete(this.verified.keys().next().value!);
      this.verified.set(token, claims);
    }
    return claims;
  }

  private async verifySignature(token: string): Promise<(AccessClaims & { exp: number }) | null> {
    let kid: string | undefined;
    try {
      const header = decodeProtectedHeader(token);
      if (header.alg !== 'EdDSA' || typeof header.kid !== 'string') return null;
      kid = header.kid;
    } catch {
      return null;
    }
    const key = await this.keyFor(kid);
    if (!key) return null;
    try {
      const { payload } = await jwtVerify(token, key, { algorithms: ['EdDSA'], issuer: 'visualnotes-auth', audience: 'visualnotes' });
      if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
      return payload as unknown as AccessClaims & { exp: number };
    } catch (err) {
      if (!(err instanceof errors.JOSEError)) this.logger.warn(`token verification failed: ${(err as Error).message}`);
      return null;
    }
  }

  private async keyFor(kid: string): Promise<Key | undefined> {
    const known = this.keys.get(kid);
    if (known) return known;
    if (!this.loading && (this.keys.size === 0 || Date.now() - this.lastFetch >= KEY_REFETCH_INTERVAL_MS)) {
      this.loading = this.fetchKeys().finally(() => (this.loading = undefined));
    }
    await this.loading;
    return this.keys.get(kid);
  }

  private async fetchKeys(): Promise<void> {
    this.lastFetch = Date.now();
    const { keys } = await this.rpc.send(Patterns.auth.keys, {});
    const next = new Map<string, Key>();
    for (const jwk of keys) {
      if (typeof jwk.kid !== 'string') continue;
      next.set(jwk.kid, await importJWK(jwk as JWK & { kty: string }, 'EdDSA'));
    }
    this.keys = next;
  }
}
