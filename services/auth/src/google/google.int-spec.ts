import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { Messages } from '@visualnotes/contracts';
import { createTestEnv, freePort, logIn, signUp, type TestEnv } from '@visualnotes/testing';
import { startBackend, type Backend } from '../../../../test/support/backend';

jest.setTimeout(60_000);

/** A tiny browser: follows nothing by itself, keeps cookies per host. */
class Browser {
  private jar = new Map<string, Map<string, string>>();
  async get(url: string, init: RequestInit = {}): Promise<Response> {
    const u = new URL(url);
    const cookies = [...(this.jar.get(u.host) ?? new Map()).entries()].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), ...(cookies ? { cookie: cookies } : {}) },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const at = pair.indexOf('=');
      const jar = this.jar.get(u.host) ?? new Map<string, string>();
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
      this.jar.set(u.host, jar);
    }
    return res;
  }
  async post(url: string, form: Record<string, string>) {
    return this.get(url, { method: 'POST', body: new URLSearchParams(form), headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  }
  forget(host: string) {
    this.jar.delete(host);
  }
}

describe('Google sign-in against a local OpenID provider', () => {
  let t: TestEnv;
  let backend: Backend;
  let oidc: ChildProcess;
  let issuer: string;
  let publicUrl: string;

  beforeAll(async () => {
    const port = await freePort();
    publicUrl = `http://127.0.0.1:${port}`;
    oidc = spawn(process.execPath, [join(__dirname, '../../test/oidc-provider.mjs'), 'vn-client', 'vn-secret', `${publicUrl}/account`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    issuer = await new Promise<string>((resolve, reject) => {
      oidc.stdout!.on('data', (c: Buffer) => {
        const m = /ready (\S+)/.exec(c.toString());
        if (m) resolve(m[1]);
      });
      oidc.once('exit', (code) => reject(new Error(`oidc provider exited ${code}`)));
    });
    t = await createTestEnv('google', {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      GOOGLE_CLIENT_ID: 'vn-client',
      GOOGLE_CLIENT_SECRET: 'vn-secret',
      GOOGLE_AUTH_URL: `${issuer}/auth`,
      GOOGLE_TOKEN_URL: `${issuer}/token`,
      GOOGLE_USERINFO_URL: `${issuer}/userinfo`,
    });
    backend = await startBackend(t.env, ['auth']);
  });
  afterAll(async () => {
    await backend?.close();
    oidc?.kill();
    await t?.cleanup();
  });

  /** Start (with the page's `nonce`, if given) → provider login and consent → back at /account?code&state. */
  async function throughProvider(browser: Browser, login: string, nonce?: string): Promise<URL> {
    const start = await browser.get(`${backend.url}/api/auth/google${nonce === undefined ? '' : `?${new URLSearchParams({ nonce })}`}`);
    expect(start.status).toBe(302);
    const auth = new URL(start.headers.get('location')!);
    expect(auth.origin + auth.pathname).toBe(`${issuer}/auth`);
    expect(auth.searchParams.get('scope')).toBe('openid profile email');
    expect(auth.searchParams.get('redirect_uri')).toBe(`${publicUrl}/account`);
    expect(auth.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    let res = await browser.get(auth.toString());
    for (let i = 0; i < 12; i++) {
      if (res.status === 200) {
        const html = await res.text();
        const action = new URL(/action="([^"]+)"/.exec(html)![1], issuer).toString();
        res = /name="login"/.test(html)
          ? await browser.post(action, { prompt: 'login', login, password: 'x' })
          : await browser.post(action, { prompt: 'consent' });
        continue;
      }
      const next = new URL(res.headers.get('location')!, issuer);
      if (next.origin === publicUrl) return next;
      res = await browser.get(next.toString());
    }
    throw new Error('the provider did not send the browser back');
  }

  it('creates an activated account, signs it in, and links an existing account by e-mail', async () => {
    const browser = new Browser();
    const back = await throughProvider(browser, 'grace');
    expect(back.pathname).toBe('/account');
    const cb = await browser.get(`${backend.url}/api/auth/google/callback${back.search}`);
    expect(cb.status).toBe(302);
    const fragment = new URLSearchParams(new URL(cb.headers.get('location')!, publicUrl).hash.slice(1));
    expect(new URL(cb.headers.get('location')!, publicUrl).pathname).toBe('/account');
    const me = await fetch(`${backend.url}/api/auth/user`, { headers: { authorization: `Bearer ${fragment.get('token')}` } }).then((r) => r.json());
    expect(me.user).toMatchObject({ email: 'grace@example.test', name: 'Google grace' });
    // the same Google account comes back to the same user
    const again = await throughProvider(browser, 'grace');
    const json = await browser.get(`${backend.url}/api/auth/google/callback${again.search}`, { headers: { accept: 'application/json' } }).then((r) => r.json());
    expect(json.user.id).toBe(me.user.id);
    expect(json.refresh_token).toEqual(expect.any(String));
  });

  it('links an existing password account with the same e-mail', async () => {
    const existing = await signUp(backend.url, { email: 'linus@example.test' });
    const browser = new Browser();
    const back = await throughProvider(browser, 'linus');
    const json = await browser.get(`${backend.url}/api/auth/google/callback${back.search}`, { headers: { accept: 'application/json' } }).then((r) => r.json());
    expect(json.user.id).toBe(existing.user.id);
    // the password still works
    await logIn(backend.url, { email: existing.email, password: existing.password, fingerprint: existing.fingerprint });
  });

  it('ignores a callback whose state is unknown, replayed or from another browser', async () => {
    const browser = new Browser();
    const back = await throughProvider(browser, 'mallory');
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'x'.repeat(32));
    const bad = await browser.get(`${backend.url}/api/auth/google/callback?${forged}`);
    expect(bad.status).toBe(302);
    expect(bad.headers.get('location')).toBe('/account/login?error=google');
    // another browser (no state cookie) cannot use this callback
    const other = new Browser();
    const stolen = await other.get(`${backend.url}/api/auth/google/callback${back.search}`, { headers: { accept: 'application/json' } });
    expect(await stolen.json()).toEqual({ statusCode: 401, message: Messages.googleLoginFailed });
  });

  it("hands the page's nonce back beside the tokens (none when it was missing or not well formed)", async () => {
    const fragmentOf = (res: Response) => {
      expect(res.status).toBe(302);
      const location = new URL(res.headers.get('location')!, publicUrl);
      expect(location.pathname).toBe('/account');
      return new URLSearchParams(location.hash.slice(1));
    };
    const browser = new Browser();
    const nonce = 'n0nce-of-the-page_0123456789abcdef';
    const back = await throughProvider(browser, 'nora', nonce);
    // the nonce stays with the gateway: the provider never sees it
    expect(back.search).not.toContain(nonce);
    const signedIn = fragmentOf(await browser.get(`${backend.url}/api/auth/google/callback${back.search}`));
    expect([...signedIn.keys()]).toEqual(['token', 'refresh_token', 'nonce']);
    expect(signedIn.get('nonce')).toBe(nonce);
    const me = await fetch(`${backend.url}/api/auth/user`, { headers: { authorization: `Bearer ${signedIn.get('token')}` } }).then((r) => r.json());
    expect(me.user).toMatchObject({ email: 'nora@example.test' });

    // started without a nonce, or with one that is not well formed: the fragment has none, and the page takes no tokens from it
    for (const start of [undefined, 'short', `${nonce}!`, 'x'.repeat(129)]) {
      const again = await throughProvider(browser, 'nora', start);
      const fragment = fragmentOf(await browser.get(`${backend.url}/api/auth/google/callback${again.search}`));
      expect(fragment.get('token')).toEqual(expect.any(String));
      expect(fragment.has('nonce')).toBe(false);
    }
  });

  it('refuses an unverified e-mail with Google Login Failed', async () => {
    const browser = new Browser();
    const back = await throughProvider(browser, 'unverified-eve');
    const res = await browser.get(`${backend.url}/api/auth/google/callback${back.search}`, { headers: { accept: 'application/json' } });
    expect(await res.json()).toEqual({ statusCode: 401, message: 'Google Login Failed' });
  });
});
