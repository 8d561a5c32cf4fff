import { readStored, writeStored } from '../browser-storage';
import { AUTH_TOKEN_STORAGE_KEY } from '../constants';

/**
 * The one token store of the app: the access and refresh tokens of the session, kept in
 * localStorage (shared by every tab, and read by the gateway's admin sign-in page).
 * Nothing else reads or writes these keys.
 */
export const TOKEN_KEY = AUTH_TOKEN_STORAGE_KEY;
export const REFRESH_TOKEN_KEY = 'auth._refresh_token.local';

function read(key: string): string | null {
  const value = readStored('local', key)?.trim();
  return value && value !== 'false' && value !== 'null' && value !== 'undefined' ? value : null;
}

function write(key: string, value: string | null): void {
  writeStored('local', key, value);
}

/** The raw access token, whether stored raw or as "Bearer <token>"; null when signed out. */
export function readToken(): string | null {
  const v = read(TOKEN_KEY);
  return v ? v.replace(/^bearer\s+/i, '').trim() || null : null;
}

export const readRefreshToken = (): string | null => read(REFRESH_TOKEN_KEY);

/** Keeps a new token pair; `null` forgets both (logout, failed refresh). */
export function writeTokens(pair: { token: string; refresh_token: string } | null): void {
  write(TOKEN_KEY, pair?.token ?? null);
  write(REFRESH_TOKEN_KEY, pair?.refresh_token ?? null);
}

/**
 * Resolves when another tab changes the stored refresh token (the `storage` event marks the
 * moment this tab's view of localStorage has it), or after `ms`.
 */
export function refreshTokenChange(ms: number): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      window.removeEventListener('storage', changed);
      resolve();
    };
    const changed = (e: StorageEvent) => {
      if (e.key === REFRESH_TOKEN_KEY || e.key === null) done();
    };
    const timer = setTimeout(done, ms);
    window.addEventListener('storage', changed);
  });
}

/** The Authorization header for a stored value (raw token or "Bearer <token>"); undefined when signed out. */
export function authorizationHeader(stored: string | null | undefined): string | undefined {
  const value = stored?.trim();
  if (!value || value === 'false' || value === 'null' || value === 'undefined') return undefined;
  return /^bearer\s/i.test(value) ? `Bearer ${value.slice(6).trim()}` : `Bearer ${value}`;
}

/** The header of the current session, or undefined when signed out. */
export const currentAuthorization = (): string | undefined => authorizationHeader(readToken());

/** True while a session token is stored (the user may still have to be loaded). */
export const hasSession = (): boolean => readToken() !== null;
