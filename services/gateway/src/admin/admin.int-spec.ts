import { get } from 'node:http';
import { AUTH_TOKEN_STORAGE_KEY } from '@visualnotes/contracts';
import { createTestEnv, freePort, signUp, waitFor, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { definitions, startBackend, type Backend } from '../../../../test/support/backend';

function fetchText(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) =>
    get(url, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    }).on('error', reject),
  );
}

const METRICS_TOKEN = 'a-long-metrics-token-0123456789';
const scraper = { authorization: `Bearer ${METRICS_TOKEN}` };

describe('operator tools', () => {
  let t: TestEnv;
  let backend: Backend;
  let operator: SignedUp;
  let user: SignedUp;
  let metricsPort: number;

  beforeAll(async () => {
    metricsPort = await freePort();
    t = await createTestEnv('operators', {});
    backend = await startBackend({ ...t.env, METRICS_TOKEN }, ['auth', 'license']);
    // One service with its own metrics server, as operators run it on another machine.
    const { createServiceApp } = await import('@visualnotes/common');
    backend.services.media = (await createServiceApp(definitions.media as never, { ...t.env, METRICS_PORT: String(metricsPort) })) as never;
    [operator, user] = await Promise.all([signUp(backend.url, { scope: ['admin'] }), signUp(backend.url)]);
  }, 120_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('serves Prometheus metrics from the gateway and from a service on METRICS_PORT', async () => {
    await request(backend.http).get('/api/health');
    await request(backend.http).get('/api/projects/00000000-0000-4000-8000-000000000000').expect(401);
    await request(backend.http).get('/api/no-such-route').expect(404);
    await request(backend.http).get('/api/health/live').expect(200);
    // Each queue's depth comes from the first process scraped that watches it (a lease in Redis).
    const media = await fetchText(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(media.status).toBe(200);
    expect(media.body).toContain('service="media"');
    expect(media.body).toMatch(/vn_queue_jobs\{queue="media-jobs",state="active"/);
    expect(media.body).toContain('vn_request_duration_seconds');
    const gw = await request(backend.http).get('/metrics').set(scraper).expect(200);
    // API requests by route pattern and status; those no route matched together; liveness probes not at all.
    const count = (route: string, status: number) =>
      Number(gw.text.match(new RegExp(`vn_request_duration_seconds_count\\{[^}]*route="${route}",status="${status}"[^}]*\\} (\\d+)`))?.[1] ?? 0);
    expect(count('GET /api/health', 503)).toBe(1); // some services are not started here
    expect(count('GET /api/projects/:id', 401)).toBe(1);
    expect(count('GET unmatched', 404)).toBe(1);
    expect(gw.text).not.toContain('/api/health/live');
    expect(gw.text).toMatch(/vn_queue_jobs\{.*queue="auth-mail".*state="waiting"/);
    expect(gw.text).not.toMatch(/vn_queue_jobs\{.*queue="media-jobs"/);
  });

  describe('on the public port', () => {
    const gateway = async (extra: Record<string, string>) => {
      const { createGatewayApp } = await import('../bootstrap');
      const gw = await createGatewayApp({ ...t.env, NODE_ENV: 'production', TEST_ROUTES: '0', ...extra });
      await gw.app.listen({ port: 0, host: '127.0.0.1' });
      return gw;
    };

    it('keeps /metrics off the public port without METRICS_TOKEN, and serves it on METRICS_PORT', async () => {
      const closed = await gateway({});
      try {
        const res = await request(closed.app.getHttpServer()).get('/metrics').expect(404);
        expect(res.text).not.toContain('vn_');
      } finally {
        await closed.app.close();
      }
      const port = await freePort();
      const separate = await gateway({ METRICS_PORT: String(port) });
      try {
        await request(separate.app.getHttpServer()).get('/metrics').expect(404);
        const scraped = await fetchText(`http://127.0.0.1:${port}/metrics`);
        expect(scraped.status).toBe(200);
        expect(scraped.body).toContain('service="gateway"');
      } finally {
        await separate.app.close();
      }
      // the scrape port closes with the gateway
      await expect(fetchText(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
    });

    it('serves /metrics on the public port only with the METRICS_TOKEN, in development too', async () => {
      for (const NODE_ENV of ['production', 'development']) {
        const gw = await gateway({ NODE_ENV, METRICS_TOKEN });
        try {
          const refused = await request(gw.app.getHttpServer()).get('/metrics').expect(401);
          expect(refused.text).not.toContain('vn_');
          await request(gw.app.getHttpServer()).get('/metrics').set('authorization', 'Bearer not-the-token-0123456789').expect(401);
          await request(gw.app.getHttpServer()).get('/metrics').set('authorization', `Bearer ${METRICS_TOKEN}x`).expect(401);
          const ok = await request(gw.app.getHttpServer()).get('/metrics').set(scraper).expect(200);
          expect(ok.text).toContain('vn_request_duration_seconds');
        } finally {
          await gw.app.close();
        }
      }
    });

    it('keeps /metrics closed in development without a token, and open to anyone only with METRICS_PUBLIC=true', async () => {
      const closed = await gateway({ NODE_ENV: 'development' });
      try {
        await request(closed.app.getHttpServer()).get('/metrics').expect(404);
      } finally {
        await closed.app.close();
      }
      const open = await gateway({ METRICS_PUBLIC: 'true', METRICS_TOKEN });
      try {
        const ok = await request(open.app.getHttpServer()).get('/metrics').expect(200);
        expect(ok.text).toContain('vn_request_duration_seconds');
      } finally {
        await open.app.close();
      }
    });
  });

  it('shows the queue dashboard to operators only', async () => {
    await request(backend.http).get('/admin/queues/api/queues').expect(401);
    await request(backend.http).get('/admin/queues/api/queues').set('authorization', `Bearer ${user.token}`).expect(401);
    const page = await request(backend.http).get('/admin/queues').set('accept', 'text/html');
    expect(page.status).toBe(401);
    expect(page.text).toContain('/admin/queues-session.js');
    // the page's script reads the token where the web app keeps it
    const script = await request(backend.http).get('/admin/queues-session.js').expect(200);
    expect(script.text).toContain(`localStorage.getItem(${JSON.stringify(AUTH_TOKEN_STORAGE_KEY)})`);
    const queues = await request(backend.http).get('/admin/queues/api/queues').set('authorization', `Bearer ${operator.token}`).expect(200);
    expect(JSON.stringify(queues.body)).toContain('ai-documents');
  });

  it('opens a short browser session for the dashboard with an operator token', async () => {
    await request(backend.http).post('/api/admin/session').set('authorization', `Bearer ${user.token}`).expect(403);
    const res = await request(backend.http).post('/api/admin/session').set('authorization', `Bearer ${operator.token}`).expect(204);
    const cookie = String(res.headers['set-cookie']);
    expect(cookie).toMatch(/vn_admin=[\w-]+; Path=\/admin; HttpOnly; SameSite=Strict; Max-Age=\d+/);
    const ui = await request(backend.http).get('/admin/queues').set('cookie', cookie.split(';')[0]).set('accept', 'text/html').expect(200);
    expect(ui.text).toContain('<div id="root"');
    await request(backend.http).get('/admin/queues').set('cookie', 'vn_admin=forged-value-that-is-long-enough-to-pass-the-shape-check').expect(401);
  });

  describe('the dashboard session ends with what gave it', () => {
    const queues = '/admin/queues/api/queues';
    const openSession = async (who: SignedUp) => {
      const res = await request(backend.http).post('/api/admin/session').set('authorization', `Bearer ${who.token}`).expect(204);
      const cookie = String(res.headers['set-cookie']).split(';')[0];
      await request(backend.http).get(queues).set('cookie', cookie).expect(200);
      return cookie;
    };

    it('refuses the cookie once the operator logged out everywhere', async () => {
      const other = await signUp(backend.url, { scope: ['admin'] });
      const cookie = await openSession(other);
      await request(backend.http).post('/api/auth/logout-all').set('authorization', `Bearer ${other.token}`).send({ password: other.password }).expect(204);
      // every copy hears of ended sessions within about a second
      await waitFor(async () => ((await request(backend.http).get(queues).set('cookie', cookie)).status === 401 ? true : null), 5_000, 100);
      await request(backend.http).get(queues).set('authorization', `Bearer ${other.token}`).expect(401);
      const page = await request(backend.http).get('/admin/queues').set('cookie', cookie).set('accept', 'text/html').expect(401);
      expect(page.text).toContain('/admin/queues-session.js');
    });

    it('refuses the cookie, and the token it was opened with, once the account is no longer an operator', async () => {
      const other = await signUp(backend.url, { scope: ['admin'] });
      const cookie = await openSession(other);
      await request(backend.http).post('/api/auth/dev/scope').send({ email: other.email, scope: [] }).expect(200);
      await request(backend.http).get(queues).set('cookie', cookie).expect(401);
      await request(backend.http).get(queues).set('authorization', `Bearer ${other.token}`).expect(401);
      // made an operator again: the same token opens the dashboard again, through a new session
      await request(backend.http)
        .post('/api/auth/dev/scope')
        .send({ email: other.email, scope: ['admin'] })
        .expect(200);
      await openSession(other);
    });

    it('lasts no longer than the token it was opened with', async () => {
      const res = await request(backend.http).post('/api/admin/session').set('authorization', `Bearer ${operator.token}`).expect(204);
      const exp = (JSON.parse(Buffer.from(operator.token.split('.')[1], 'base64url').toString()) as { exp: number }).exp;
      const maxAge = Number(/Max-Age=(\d+)/.exec(String(res.headers['set-cookie']))?.[1]);
      expect(maxAge).toBeGreaterThan(0);
      expect(maxAge).toBeLessThanOrEqual(Math.min(15 * 60, exp - Math.floor(Date.now() / 1000) + 1));
    });
  });
});
