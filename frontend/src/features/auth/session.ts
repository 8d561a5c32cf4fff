import type { LoginAnswer, LoginSuccess, PublicUser, TokenPair } from '@visualnotes/contracts';
import { API_BASE_URL } from '../../app/constants';
import type { AppStore } from '../../app/store';
import { authActions } from './auth.slice';
import { read, readToken, REFRESH_TOKEN_KEY, TOKEN_KEY, write } from './storage';

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

let store: AppStore | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;
let refreshing: Promise<boolean> | undefined;

/** Seconds since epoch at which a JWT expires (no verification: the server does that). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
}

async function request<T>(method: string, path: string, body?: unknown, token?: string | null): Promise<T> {
  const res = await fetch(`${API_BASE_URL}${path}`, {
    method,
    headers: {
      Accept: 'application/json, text/plain',
      ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  const data = text ? (JSON.parse(text) as unknown) : undefined;
  if (!res.ok) {
    const message = (data as { message?: string } | undefined)?.message ?? res.statusText;
    throw new ApiError(res.status, message);
  }
  return data as T;
}

/** Calls the API without a session. */
export const publicCall = <T>(method: string, path: string, body?: unknown) => request<T>(method, path, body);

/**
 * Calls the API as the signed-in user. A 401 triggers one refresh and one retry; a 401 after a
 * failed refresh logs out cleanly.
 */
export async function authCall<T>(method: string, path: string, body?: unknown): Promise<T> {
  const sent = readToken();
  try {
    return await request<T>(method, path, body, sent);
  } catch (err) {
    if (!(err instanceof ApiError) || err.statusCode !== 401) throw err;
    // another tab may have stored a newer token meanwhile: that one is tried before refreshing
    if (readToken() === sent && !(await refreshSession())) {
      clearSession();
      throw err;
    }
    return request<T>(method, path, body, readToken());
  }
}

function storeTokens(pair: Pick<TokenPair, 'token' | 'refresh_token'>) {
  write(TOKEN_KEY, pair.token);
  write(REFRESH_TOKEN_KEY, pair.refresh_token);
  scheduleRefresh(pair.token);
}

const REFRESH_SOON_MS = 60_000;

/** Silent refresh one minute before the access token expires. */
function scheduleRefresh(token: string) {
  if (refreshTimer) clearTimeout(refreshTimer);
  const exp = tokenExpiry(token);
  if (!exp) return;
  const inMs = Math.max(5_000, exp * 1000 - Date.now() - REFRESH_SOON_MS);
  refreshTimer = setTimeout(() => {
    // another tab may have refreshed meanwhile: then its token (shared storage) is fresh
    const stored = readToken();
    const storedExp = stored ? tokenExpiry(stored) : null;
    if (stored && storedExp && storedExp * 1000 - Date.now() > REFRESH_SOON_MS + 5_000) scheduleRefresh(stored);
    else void refreshSession();
  }, inMs);
}

/** Name of the lock the tabs of this site take turns on to refresh the shared tokens. */
export const REFRESH_LOCK = 'visualnotes-auth-refresh';

/**
 * Runs `work` while holding the refresh lock shared by every tab of the site (Web Locks API),
 * so two tabs never send the same refresh token at once. Browsers without it run `work` at once;
 * the server then accepts the same refresh token twice within a few seconds.
 */
export function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks || typeof locks.request !== 'function') return work();
  return locks.request(REFRESH_LOCK, () => work()) as Promise<T>;
}

/**
 * Rotates the tokens; false when the session is over (the caller logs out). One refresh at a time
 * in this tab, and one at a time across tabs: a tab that waited for another one's refresh takes
 * the tokens that tab stored instead of sending the refresh token that was just used.
 */
export function refreshSession(): Promise<boolean> {
  const seen = read(REFRESH_TOKEN_KEY);
  if (!seen) return Promise.resolve(false);
  refreshing ??= withRefreshLock(async () => {
    const current = read(REFRESH_TOKEN_KEY);
    // another tab logged out while this one waited
    if (!current) return false;
    if (current !== seen) {
      const token = readToken();
      if (token) scheduleRefresh(token);
      return true;
    }
    try {
      storeTokens(await request<TokenPair>('POST', '/auth/refresh', { refresh_token: current }));
      return true;
    } catch (err) {
      // a 401 from a refresh token another tab has already replaced is no reason to log out
      if (err instanceof ApiError && err.statusCode === 401 && read(REFRESH_TOKEN_KEY) === current) clearSession();
      return read(REFRESH_TOKEN_KEY) !== current && !!read(REFRESH_TOKEN_KEY);
    }
  }).finally(() => (refreshing = undefined));
  return refreshing;
}

/** Logout or reset: clears the user, the token and the refresh token. */
export function clearSession() {
  if (refreshTimer) clearTimeout(refreshTimer);
  write(TOKEN_KEY, null);
  write(REFRESH_TOKEN_KEY, null);
  store?.dispatch(authActions.reset());
}

/** After login (password, security code, Google): keep the tokens and the user. */
export function startSession(answer: Pick<LoginSuccess, 'token' | 'refresh_token'> & { user?: PublicUser }) {
  storeTokens(answer);
  if (answer.user) store?.dispatch(authActions.setUser(answer.user));
  else void fetchUser();
}

export async function fetchUser(): Promise<PublicUser | null> {
  try {
    const { user } = await authCall<{ user: PublicUser }>('GET', '/auth/user');
    store?.dispatch(authActions.setUser(user));
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 401) clearSession();
    else store?.dispatch(authActions.setReady());
    return null;
  }
}

export function login(body: { email: string; password: string; fingerprint: string }) {
  return publicCall<LoginAnswer>('POST', '/auth/login', body);
}

export async function logout() {
  try {
    await authCall('POST', '/auth/logout');
  } catch {
    // errors are ignored; the local session is cleared anyway
  }
  clearSession();
}

/** Reads the stored token at start, schedules its refresh and loads the user. */
export function initAuth(s: AppStore) {
  store = s;
  const token = readToken();
  if (!token) {
    s.dispatch(authActions.reset());
    return;
  }
  const exp = tokenExpiry(token);
  if (exp && exp * 1000 < Date.now() + 30_000) {
    void refreshSession().then(async (ok) => {
      if (ok) await fetchUser();
      else clearSession();
    });
  } else {
    scheduleRefresh(token);
    void fetchUser();
  }
}
