import { AUTH_TOKEN_STORAGE_KEY } from '../../app/constants';

/** Spec §9: prefix `auth`, `_token.` and `_refresh_token.` keys, strategy `local`. */
export const TOKEN_KEY = AUTH_TOKEN_STORAGE_KEY;
export const REFRESH_TOKEN_KEY = 'auth._refresh_token.local';
export const REDIRECT_KEY = 'auth.redirect';
export const FINGERPRINT_KEY = 'fingerprint';

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

export function read(key: string): string | null {
  const value = storage()?.getItem(key) ?? null;
  return value && value !== 'false' ? value : null;
}

export function write(key: string, value: string | null): void {
  const s = storage();
  if (!s) return;
  if (value === null) s.removeItem(key);
  else s.setItem(key, value);
}

/** The raw token, whether stored raw or as "Bearer <token>". */
export function readToken(): string | null {
  const v = read(TOKEN_KEY);
  return v ? v.replace(/^bearer\s+/i, '') : null;
}
