import { createApi, fetchBaseQuery, type BaseQueryFn, type FetchArgs, type FetchBaseQueryError } from '@reduxjs/toolkit/query/react';
import type { TokenPair } from '@visualnotes/contracts';
import { API_BASE_URL } from '../constants';
import { errorMessage } from '../error/describe-error';
import { authorizationHeader, currentAuthorization, readRefreshToken, readToken, refreshTokenChange, writeTokens } from './tokens';

/** An HTTP answer other than 2xx, for callers that await a request instead of using a hook. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

const headersFor = (signedIn: boolean) => (headers: Headers) => {
  headers.set('Accept', 'application/json, text/plain');
  const authorization = signedIn ? authorizationHeader(readToken()) : undefined;
  if (authorization && !headers.has('Authorization')) headers.set('Authorization', authorization);
  return headers;
};
/** With `openStream` below, the only place the app calls `fetch` for the API: as the signed-in user, or as nobody. */
const signedInQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, prepareHeaders: headersFor(true) });
const anonymousQuery = fetchBaseQuery({ baseUrl: API_BASE_URL, prepareHeaders: headersFor(false) });

/** `extraOptions` of an endpoint that is called without the session (sign-in, public pages). */
export const ANONYMOUS = { anonymous: true } as const;
interface ExtraOptions {
  anonymous?: boolean;
}

/** What the session module does when tokens change under it (timer for the next refresh, sign out). */
interface SessionHooks {
  refreshed(token: string): void;
  ended(): void;
}
let hooks: SessionHooks = { refreshed: () => undefined, ended: () => writeTokens(null) };
export const setSessionHooks = (next: SessionHooks) => {
  hooks = next;
};

/** Name of the lock the tabs of this site take turns on to refresh the shared tokens. */
export const REFRESH_LOCK = 'visualnotes-auth-refresh';

/**
 * Runs `work` while holding the refresh lock shared by every tab of the site (Web Locks API),
 * so two tabs never send the same refresh token at once; `work` learns whether another tab held
 * the lock first. Browsers without it run `work` at once; the server then accepts the same
 * refresh token twice within a few seconds.
 */
export async function withRefreshLock<T>(work: (waited: boolean) => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { locks?: LockManager }).locks;
  if (!locks || typeof locks.request !== 'function') return work(false);
  const free = (await locks.request(REFRESH_LOCK, { ifAvailable: true }, async (lock) => (lock ? { value: await work(false) } : undefined))) as
    { value: T } | undefined;
  if (free) return free.value;
  return locks.request(REFRESH_LOCK, () => work(true)) as Promise<T>;
}

/** How long a tab that waited for another tab's refresh waits for its new tokens to show up here. */
const HANDOVER_MS = 1500;

const REFRESH_ENDPOINT = 'refreshTokens';
let refreshing: Promise<boolean> | undefined;

/**
 * Rotates the tokens; false when the session is over (then it is cleared). One refresh at a time
 * in this tab (concurrent callers share it) and one at a time across tabs: a tab that waited for
 * another one's refresh takes the tokens that tab stored instead of sending the used refresh token.
 * Each tab's view of localStorage is updated asynchronously, so the waiting tab may still see the
 * old token when it gets the lock: it waits (briefly) for the change to arrive.
 */
export function refreshSession(): Promise<boolean> {
  const seen = readRefreshToken();
  if (!seen) return Promise.resolve(false);
  refreshing ??= withRefreshLock(async (waited) => {
    if (waited && readRefreshToken() === seen) await refreshTokenChange(HANDOVER_MS);
    const current = readRefreshToken();
    // another tab logged out while this one waited
    if (!current) return false;
    if (current !== seen) {
      const token = readToken();
      if (token) hooks.refreshed(token);
      return true;
    }
    const result = await runApi(api.endpoints[REFRESH_ENDPOINT].initiate(current)).then(
      (pair) => ({ pair }),
      (error: unknown) => ({ error }),
    );
    if ('pair' in result) {
      writeTokens(result.pair);
      hooks.refreshed(result.pair.token);
      return true;
    }
    // a 401 from a refresh token another tab has already replaced is no reason to log out
    if (result.error instanceof ApiError && result.error.statusCode === 401 && readRefreshToken() === current) hooks.ended();
    return readRefreshToken() !== current && !!readRefreshToken();
  }).finally(() => (refreshing = undefined));
  return refreshing;
}

/**
 * The base query of every endpoint: a 401 on a request sent with a token refreshes the session
 * once (shared by concurrent requests, under the cross-tab lock) and retries; when the refresh
 * fails the session ends and the 401 is answered.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, ExtraOptions> = async (args, queryApi, extra = {}) => {
  if (extra.anonymous) return anonymousQuery(args, queryApi, {});
  const sent = readToken();
  const result = await signedInQuery(args, queryApi, {});
  if (result.error?.status !== 401 || !sent) return result;
  // another tab may have stored a newer token meanwhile: that one is tried before refreshing
  if (readToken() === sent && !(await refreshSession())) {
    if (readToken() === sent) hooks.ended();
    return result;
  }
  return signedInQuery(args, queryApi, {});
};

/**
 * Opens a streamed answer of the API (`path` under the base URL, e.g. Server-Sent Events) that
 * RTK Query cannot hold: the response itself, for the caller to read. It is sent like every other
 * call (the session's Authorization header when signed in, plus `headers`), and a 401 on a request
 * sent with a token refreshes the session once (the shared refresh) and sends it again.
 */
export async function openStream(path: string, init: { headers?: Record<string, string>; signal?: AbortSignal } = {}): Promise<Response> {
  const url = `${API_BASE_URL.replace(/\/$/, '')}/${path.replace(/^\//, '')}`;
  const send = (authorization: string | undefined) =>
    fetch(url, { headers: { ...init.headers, ...(authorization ? { Authorization: authorization } : {}) }, signal: init.signal });
  const authorization = currentAuthorization();
  const res = await send(authorization);
  if (res.status !== 401 || !authorization || !(await refreshSession())) return res;
  await res.body?.cancel().catch(() => undefined);
  return send(currentAuthorization());
}

/**
 * The one RTK Query API of the app. Feature code adds endpoints with `api.injectEndpoints`
 * (or a client generated from /api/openapi.json), so this file stays small.
 */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: [],
  endpoints: (b) => ({
    [REFRESH_ENDPOINT]: b.mutation<TokenPair, string>({
      query: (refresh_token) => ({ url: '/auth/refresh', method: 'POST', body: { refresh_token } }),
      extraOptions: ANONYMOUS,
    }),
  }),
});

/** An RTK Query error as an `ApiError` in the user's words, or a TypeError when no answer came. */
function toError(error: unknown): Error {
  const e = error as Partial<FetchBaseQueryError> | undefined;
  const status = typeof e?.status === 'number' ? e.status : e?.status === 'PARSING_ERROR' ? e.originalStatus : undefined;
  if (status === undefined) return error instanceof Error ? error : new TypeError('Network request failed');
  const code = (e as { data?: { code?: unknown } }).data?.code;
  return new ApiError(status, errorMessage({ status, data: (e as { data?: unknown }).data }) ?? '', typeof code === 'string' ? code : undefined);
}

type Dispatch = (action: unknown) => unknown;
let dispatch: Dispatch | undefined;
/** Connects the store whose API cache `runApi` uses (done by `makeStore`). */
export const connectApi = (d: Dispatch) => {
  dispatch = d;
};

/**
 * Runs an endpoint from code that awaits it (the editor's sync, the auth pages): answers the data
 * or throws `ApiError` (an HTTP answer) or another Error (no connection).
 * Pass queries `fresh` to read data as it is now.
 */
export async function runApi<T>(action: (...args: never[]) => { unwrap(): Promise<T> }): Promise<T> {
  if (!dispatch) throw new Error('The API is used before the store was made');
  const started = dispatch(action) as { unwrap(): Promise<T> };
  let data: T;
  try {
    data = await started.unwrap();
  } catch (err) {
    throw toError(err);
  }
  // the store keeps answers frozen; an awaiting caller (the editor) gets its own copy to change
  return structuredClone(data);
}

/** Options of a query awaited through `runApi`: always asked again, not kept in the cache. */
export const fresh = { subscribe: false, forceRefetch: true } as const;
/**
 * Options of a mutation awaited through `runApi` whose argument the caller keeps changing (the
 * editor's live scene): the store does not keep it, so it is never frozen under the caller.
 */
export const untracked = { track: false } as const;
