import type { LoginSuccess, PublicUser } from '@visualnotes/contracts';
import { ApiError, fresh, refreshSession, runApi, setSessionHooks } from '../../app/api/api';
import { readToken, writeTokens } from '../../app/api/tokens';
import type { AppStore } from '../../app/store';
import { authApi } from './api';
import { authActions, type SignedOutReason } from './auth.slice';

export { ApiError, refreshSession };

let store: AppStore | undefined;
let refreshTimer: ReturnType<typeof setTimeout> | undefined;

/** Seconds since epoch at which a JWT expires (no verification: the server does that). */
export function tokenExpiry(token: string): number | null {
  try {
    const payload = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/'))) as { exp?: number };
    return typeof payload.exp === 'number' ? payload.exp : null;
  } catch {
    return null;
  }
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

/**
 * Logout or reset: clears the user, the token and the refresh token. `reason`, when the user ended
 * the session on purpose (all devices, account deleted), is what the login page tells them next.
 */
export function clearSession(reason?: SignedOutReason) {
  if (refreshTimer) clearTimeout(refreshTimer);
  writeTokens(null);
  store?.dispatch(authActions.reset(reason));
}

/** After login (password, security code, Google): keep the tokens and the user. */
export function startSession(answer: Pick<LoginSuccess, 'token' | 'refresh_token'> & { user?: PublicUser }) {
  writeTokens(answer);
  scheduleRefresh(answer.token);
  if (answer.user) store?.dispatch(authActions.setUser(answer.user));
  else void fetchUser();
}

export async function fetchUser(): Promise<PublicUser | null> {
  try {
    const { user } = await runApi(authApi.endpoints.currentUser.initiate(undefined, fresh));
    store?.dispatch(authActions.setUser(user));
    return user;
  } catch (err) {
    if (err instanceof ApiError && err.statusCode === 401) clearSession();
    else store?.dispatch(authActions.setReady());
    return null;
  }
}

export async function logout() {
  try {
    await runApi(authApi.endpoints.logout.initiate());
  } catch {
    // errors are ignored; the local session is cleared anyway
  }
  clearSession();
}

/** Reads the stored token at start, schedules its refresh and loads the user. */
export function initAuth(s: AppStore) {
  store = s;
  setSessionHooks({ refreshed: scheduleRefresh, ended: clearSession });
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
