import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two secrets (tokens, digests): the time taken tells nothing about where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

const BEARER = /^Bearer\s+(\S{1,4096})\s*$/i;

/** The token of an `Authorization: Bearer <token>` header, or null when there is none. */
export function bearerToken(header: string | string[] | undefined): string | null {
  return typeof header === 'string' ? (BEARER.exec(header)?.[1] ?? null) : null;
}
