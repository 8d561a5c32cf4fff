import { AUTH_TOKEN_STORAGE_KEY } from '../constants';

/**
 * Builds the Authorization header from the stored token. The auth store keeps either the raw
 * token or the full "Bearer <token>" value, and `false` after logout.
 */
export function authorizationHeader(stored: string | null | undefined): string | undefined {
  const value = stored?.trim();
  if (!value || value === 'false' || value === 'null' || value === 'undefined') return undefined;
  return /^bearer\s/i.test(value) ? `Bearer ${value.slice(6).trim()}` : `Bearer ${value}`;
}

/**
 * Hook point for the auth work: replace the reader (e.g. with the Redux auth state) through
 * `setTokenReader`; by default the token comes from localStorage `auth._token.local`.
 */
let readToken: () => string | null | undefined = () => {
  try {
    return globalThis.localStorage?.getItem(AUTH_TOKEN_STORAGE_KEY);
  } catch {
    return undefined;
  }
};

export const setTokenReader = (reader: () => string | null | undefined) => {
  readToken = reader;
};

export const currentAuthorization = () => authorizationHeader(readToken());
