/** Small values of the auth pages kept in localStorage (the session tokens live in `app/api/tokens.ts`). */
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
