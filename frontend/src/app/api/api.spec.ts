/**
 * @jest-environment ./frontend/src/test/jsdom-environment.cjs
 */
import { Messages } from '@visualnotes/contracts';
import { authActions, selectLoggedIn, selectUser } from '../../features/auth/auth.slice';
import { authApi } from '../../features/auth/api';
import { initAuth } from '../../features/auth/session';
import { canvasApi } from '../../features/canvas/api';
import { ApiServer, useServerAsBase } from '../../test/api-server';
import { makeStore } from '../store';
import { ApiError, fresh, openStream, REFRESH_LOCK, runApi } from './api';
import { readRefreshToken, readToken, writeTokens } from './tokens';

const user = { id: 'u1', name: 'Ann', email: 'ann@example.com', scope: [], plan: null, locale: 'en' as const, created_at: '2026-01-01T00:00:00Z' };

let server: ApiServer;
let refreshes: number;

beforeEach(async () => {
  refreshes = 0;
  localStorage.clear();
  server = await new ApiServer().start();
  useServerAsBase(server);
  // a signed-in route: only the rotated token is still accepted
  const signedIn = (req: { authorization?: string }) =>
    req.authorization === 'Bearer new-token'
      ? { status: 200, body: [] }
      : { status: 401, body: { statusCode: 401, message: Messages.sessionExpired, code: 'SESSION_EXPIRED' } };
  server.on('GET /projects', signedIn).on('GET /published', signedIn);
  server.on('POST /auth/refresh', (req) => {
    refreshes++;
    return (req.body as { refresh_token?: string }).refresh_token === 'refresh-1'
      ? { status: 200, body: { token: 'new-token', refresh_token: 'refresh-2' } }
      : { status: 401, body: { statusCode: 401, message: Messages.sessionExpired, code: 'SESSION_EXPIRED' } };
  });
});
afterEach(() => server.stop());

/** A store whose session is signed in with an access token the server no longer accepts. */
function signedInStore(refreshToken = 'refresh-1') {
  const store = makeStore();
  initAuth(store); // nothing stored yet: no request, the session hooks are connected
  writeTokens({ token: 'old-token', refresh_token: refreshToken });
  store.dispatch(authActions.setUser(user));
  return store;
}

describe('the base query on a 401', () => {
  it('refreshes the session once and retries the request with the new token', async () => {
    signedInStore();
    await expect(runApi(canvasApi.endpoints.projects.initiate(undefined, fresh))).resolves.toEqual([]);
    expect(server.received.map((r) => `${r.method} ${r.path} ${r.authorization ?? '-'}`)).toEqual([
      'GET /projects Bearer old-token',
      'POST /auth/refresh -',
      'GET /projects Bearer new-token',
    ]);
    expect([readToken(), readRefreshToken()]).toEqual(['new-token', 'refresh-2']);
  });

  it('shares one refresh between requests that fail at the same time', async () => {
    signedInStore();
    const answers = await Promise.all([
      runApi(canvasApi.endpoints.projects.initiate(undefined, fresh)),
      runApi(canvasApi.endpoints.published.initiate(undefined, fresh)),
    ]);
    expect(answers).toEqual([[], []]);
    expect(refreshes).toBe(1);
  });

  it('signs out cleanly when the refresh is refused', async () => {
    const store = signedInStore('refresh-revoked');
    const failure = await runApi(canvasApi.endpoints.projects.initiate(undefined, fresh)).catch((err: unknown) => err);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ statusCode: 401, message: Messages.sessionExpired });
    expect(refreshes).toBe(1);
    expect([readToken(), readRefreshToken()]).toEqual([null, null]);
    // the auth slice is injected into the root reducer
    const state = store.getState() as Parameters<typeof selectLoggedIn>[0];
    expect([selectLoggedIn(state), selectUser(state)]).toEqual([false, null]);
  });

  it('never refreshes for a call made without the session (a wrong password stays a wrong password)', async () => {
    signedInStore();
    server.on('POST /auth/login', { status: 401, body: { statusCode: 401, message: Messages.loginFailed, code: 'LOGIN_FAILED' } });
    const failure = await runApi(authApi.endpoints.login.initiate({ email: 'ann@example.com', password: 'nope', fingerprint: 'f' })).catch((e: unknown) => e);
    expect(failure).toMatchObject({ statusCode: 401, message: Messages.loginFailed });
    expect(server.received).toEqual([expect.objectContaining({ path: '/auth/login', authorization: undefined })]);
    expect(readToken()).toBe('old-token');
  });

  /**
   * The browser's lock manager as seen by this tab; `busy` makes the first, non-waiting request find
   * the lock taken, and `granted` runs when a lock is given to this tab.
   */
  function lockManager(busy: boolean, granted: () => void = () => undefined) {
    const held: string[] = [];
    const request = (name: string, ...args: unknown[]) => {
      const work = args[args.length - 1] as (lock: { name: string } | null) => Promise<unknown>;
      const options = (args.length > 1 ? args[0] : {}) as { ifAvailable?: boolean };
      if (options.ifAvailable && busy) return work(null);
      held.push(name);
      granted();
      return work({ name });
    };
    Object.defineProperty(navigator, 'locks', { value: { request }, configurable: true });
    return held;
  }

  it('refreshes while holding the lock every tab of the site shares (Web Locks API)', async () => {
    const held = lockManager(false);
    try {
      signedInStore();
      await runApi(canvasApi.endpoints.projects.initiate(undefined, fresh));
      expect(held).toEqual([REFRESH_LOCK]);
      expect(refreshes).toBe(1);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('after waiting for another tab’s refresh, takes its tokens once they reach this tab instead of refreshing again', async () => {
    // the other tab's new tokens arrive in this tab's storage only after it got the lock
    const held = lockManager(true, () =>
      setTimeout(() => {
        writeTokens({ token: 'new-token', refresh_token: 'refresh-2' });
        window.dispatchEvent(new StorageEvent('storage', { key: 'auth._refresh_token.local', newValue: 'refresh-2' }));
      }),
    );
    try {
      signedInStore();
      await expect(runApi(canvasApi.endpoints.projects.initiate(undefined, fresh))).resolves.toEqual([]);
      expect(held).toEqual([REFRESH_LOCK]);
      expect(refreshes).toBe(0);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });

  it('refreshes itself after waiting when the other tab stored nothing new', async () => {
    lockManager(true);
    try {
      signedInStore();
      await expect(runApi(canvasApi.endpoints.projects.initiate(undefined, fresh))).resolves.toEqual([]);
      expect(refreshes).toBe(1);
    } finally {
      Reflect.deleteProperty(navigator, 'locks');
    }
  });
});

describe('openStream', () => {
  it('opens a stream with the session token, and on a 401 refreshes once and opens it again', async () => {
    signedInStore();
    server.on('GET /jobs/j1/events', (req) =>
      req.authorization === 'Bearer new-token' ? { status: 200, body: { state: 'completed' } } : { status: 401, body: {} },
    );
    const res = await openStream('jobs/j1/events', { headers: { Accept: 'text/event-stream' } });
    expect(res.status).toBe(200);
    await expect(res.json()).resolves.toEqual({ state: 'completed' });
    expect(server.received.map((r) => `${r.method} ${r.path} ${r.authorization ?? '-'}`)).toEqual([
      'GET /jobs/j1/events Bearer old-token',
      'POST /auth/refresh -',
      'GET /jobs/j1/events Bearer new-token',
    ]);
  });

  it('answers the 401 when the refresh is refused, and never refreshes for a visitor', async () => {
    signedInStore('refresh-revoked');
    server.on('GET /jobs/j1/events', { status: 401, body: {} });
    expect((await openStream('jobs/j1/events')).status).toBe(401);
    expect(refreshes).toBe(1);
    expect((await openStream('jobs/j1/events')).status).toBe(401);
    expect(refreshes).toBe(1);
    expect(server.received.at(-1)?.authorization).toBeUndefined();
  });
});
