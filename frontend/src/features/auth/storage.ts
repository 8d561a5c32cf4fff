import { readStored, writeStored } from '../../app/browser-storage';

/** Small values of the auth pages kept in localStorage (the session tokens live in `app/api/tokens.ts`). */
export const REDIRECT_KEY = 'auth.redirect';
export const FINGERPRINT_KEY = 'fingerprint';

export function read(key: string): string | null {
  const value = readStored('local', key);
  return value && value !== 'false' ? value : null;
}

export function write(key: string, value: string | null): void {
  writeStored('local', key, value);
}
