import { isSafeRedirectPath } from '@visualnotes/contracts';
import { read, REDIRECT_KEY, write } from './storage';

/** Remembers where the user was before being sent to log in, only if it is a safe local path. */
export function rememberPath(path: string): void {
  write(REDIRECT_KEY, isSafeRedirectPath(path) ? path : null);
}

/** The remembered path if it passes the safe-path rule, else the fallback; forgets it either way. */
export function takeRedirect(fallback = '/account'): string {
  const path = read(REDIRECT_KEY);
  write(REDIRECT_KEY, null);
  return safeRedirect(path, fallback);
}

export function safeRedirect(path: unknown, fallback = '/account'): string {
  return isSafeRedirectPath(path) ? path : fallback;
}
