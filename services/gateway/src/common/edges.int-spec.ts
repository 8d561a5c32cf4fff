import { connect } from 'node:net';
import { ErrorCatalogue, Messages } from '@visualnotes/contracts';
import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { createGatewayApp, type Gateway } from '../bootstrap';

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from the first byte sent to the status line. */
  ms: number;
}

/**
 * Sends `head` (request line and headers, without the blank line) and then `body` over a plain
 * socket, exactly as written, and reads the answer until the server ends it. With `sendBody`
 * false only the head goes out: the answer must come without the body.
 */
function raw(url: string, head: string, body: Buffer | string = '', sendBody = true): Promise<RawAnswer> {
  const { port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const started = Date.now();
    let text = '';
    let firstByte = 0;
    const done = () => {
      const [headText, ...rest] = text.split('\r\n\r\n');
      const [statusLine, ...headerLines] = headText.split('\r\n');
      const headers: Record<string, string> = {};
      for (const line of headerLines) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).toLowerCase()] = line.slice(i + 1).trim();
      }
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body: rest.join('\r\n\r\n'), ms: firstByte - started });
    };
    socket.on('data', (chunk) => {
      if (!firstByte) firstByte = Date.now();
      text += chunk.toString('latin1');
      // One answer per test connection: stop once the announced body has arrived.
      const end = text.indexOf('\r\n\r\n');
      const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, end));
      if (end !== -1 && length && Buffer.byteLength(text.slice(end + 4), 'latin1') >= Number(length[1])) {
        socket.destroy();
        done();
      }
    });
    socket.on('error', () => undefined); // the server may close while the body is still going out
    socket.on('close', () => (text ? done() : reject(new Error('no answer'))));
    socket.write(`${head}\r\nConnection: close\r\n\r\n`);
    if (sendBody && body.length) socket.write(body);
  });
}

const json = (a: RawAnswer) => JSON.parse(a.body) as { statusCode: number; message: string };

describe('gateway edges', () => {
  let t: TestEnv;
  let backend: Backend;
  let user: SignedUp;
  let host: string;
  /** A second gateway copy with a small rate limit, behind a trusted proxy: each test is its own client. */
  let limited: Gateway;
  let limitedUrl: string;
  let limitedHost: string;
  const auth = () => ({ authorization: `Bearer ${user.token}` });

  beforeAll(async () => {
    t = await createTestEnv('gateway_edges');
    backend = await startBackend(t.env, ['auth', 'license', 'publish']);
    host = new URL(backend.url).host;
    limited = await createGatewayApp({ ...t.env, RATE_LIMIT_MAX: '5', TRUST_PROXY: 'true' });
    await limited.app.listen({ port: 0, host: '127.0.0.1' });
    limitedUrl = `http://127.0.0.1:${(limited.app.getHttpServer().address() as { port: number }).port}`;
    limitedHost = new URL(limitedUrl).host;
    user = await signUp(backend.url, { fingerprint: 'edges' });
  }, 60_000);
  afterAll(async () => {
    await limited?.app.close();
    await backend?.close();
    await t?.cleanup();
  });

  describe('every request-target form gets the same rate limit, headers and checks', () => {
    const client = (n: number) => `X-Forwarded-For: 203.0.113.${n}`;
    let nextClient = 0;

    it('rate limits absolute-form requests like origin-form ones', async () => {
      const answers: RawAnswer[] = [];
      for (let i = 0; i < 6; i++)
        answers.push(await raw(limitedUrl, `GET http://${limitedHost}/api/health/gateway HTTP/1.1\r\nHost: ${limitedHost}\r\n${client(1)}`));
      expect(answers.slice(0, 5).map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
      expect(answers.map((a) => a.headers['x-ratelimit-remaining'])).toEqual(['4', '3', '2', '1', '0', '0']);
      expect(answers[5].status).toBe(429);
      // The same client in origin form shares the count.
      expect((await request(limitedUrl).get('/api/health/gateway').set('x-forwarded-for', '203.0.113.1')).status).toBe(429);
    });

    it.each([
      ['absolute form', (h: string) => `http://${h}/api/health/gateway`],
      ['absolute form, upper-case scheme', (h: string) => `HTTP://${h}/api/health/gateway`],
      ['absolute form with a query', (h: string) => `http://${h}/api/health/gateway?x=1`],
      ['encoded letters', () => '/%61pi/health/g%61teway'],
      ['absolute form with encoded letters', (h: string) => `https://${h}/%61%70%69/health/gateway`],
    ])('%s: counted, with the API headers', async (_name, target) => {
      const n = 10 + nextClient++;
      const a = await raw(limitedUrl, `GET ${target(limitedHost)} HTTP/1.1\r\nHost: ${limitedHost}\r\n${client(n)}`);
      expect(a.status).toBe(200);
      expect(JSON.parse(a.body)).toMatchObject({ service: 'gateway' });
      expect(a.headers['x-ratelimit-limit']).toBe('5');
      expect(a.headers['x-ratelimit-remaining']).toBe('4');
      expect(a.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(a.headers['x-frame-options']).toBe('DENY');
    });

    it('refuses compressed bodies in absolute form too', async () => {
      const body = '{"email":"a@example.com","password":"x"}';
      const a = await raw(
        limitedUrl,
        `POST http://${limitedHost}/api/auth/login HTTP/1.1\r\nHost: ${limitedHost}\r\n${client(250)}\r\nContent-Type: application/json\r\nContent-Encoding: gzip\r\nContent-Length: ${body.length}`,
        body,
      );
      expect(a.status).toBe(415);
      expect(json(a).message).toBe('Send the request body uncompressed (Content-Encoding is not accepted)');
    });

    it('does not treat a path that only looks like the API as the API, in any form', async () => {
      // `//api/…` and an encoded slash reach no API route, so they are pages to every hook too.
      for (const target of ['//api/health/gateway', `http://${limitedHost}//api/health/gateway`, '/api%2Fhealth/gateway']) {
        const a = await raw(limitedUrl, `GET ${target} HTTP/1.1\r\nHost: ${limitedHost}\r\n${client(251)}`);
        expect(a.status).toBeGreaterThanOrEqual(400);
        expect(a.body).not.toContain('"service":"gateway"');
        expect(a.headers['x-ratelimit-limit']).toBeUndefined();
        expect(a.headers['content-security-policy']).toContain("script-src 'self'");
      }
      // The liveness probe keeps its shortcut with a query, and stays out of the count.
      const live = await raw(limitedUrl, `GET http://${limitedHost}/api/health/live?probe=1 HTTP/1.1\r\nHost: ${limitedHost}\r\n${client(252)}`);
      expect(live.status).toBe(200);
      expect(live.headers['x-ratelimit-limit']).toBeUndefined();
    });
  });

  describe('NUL and broken Unicode are refused at the edge', () => {
    const invalid = ErrorCatalogue.INVALID_CHARACTERS.message;

    it('in JSON bodies, on several routes', async () => {
      const cases: [string, string, string, Record<string, string>][] = [
        ['post', '/api/projects', '{"title":"a\\u0000b"}', auth()],
        ['post', '/api/auth/login', '{"email":"a\\u0000@example.com","password":"secret123"}', {}],
        ['post', '/api/auth/register', '{"email":"nul@example.com","password":"secret123a","name":"N\\u0000"}', {}],
        ['patch', '/api/auth/profile', '{"name":"x\\ud800"}', auth()],
        ['post', '/api/tags', '{"name":"\\udc00tag"}', auth()],
        ['post', '/api/projects', '{"title":"ok","scene":{"elements":[],"files":{"f\\u0000":{}}}}', auth()],
      ];
      for (const [method, path, body, headers] of cases) {
        const res = await request(backend.http)[method as 'post'](path).set(headers).set('content-type', 'application/json').send(body);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { statusCode: 400, message: invalid } });
      }
    });

    it('in query strings and path parameters', async () => {
      for (const [path, headers] of [
        ['/api/templates?category=%00', {}],
        ['/api/templates?category=x%00y', {}],
        ['/api/projects/%00', auth()],
        ['/api/projects/abc%00def', auth()],
        ['/api/p/abcdefgh%00/snapshot.svg', {}],
      ] as const) {
        const res = await request(backend.http).get(path).set(headers);
        expect({ path, status: res.status, body: res.body }).toEqual({ path, status: 400, body: { statusCode: 400, message: invalid } });
      }
      // A literal "%00" (sent encoded) is ordinary text.
      expect((await request(backend.http).get('/api/templates?category=%2500')).status).toBeLessThan(500);
      // Broken UTF-8 escapes never become text.
      expect((await request(backend.http).get('/api/projects/%ED%A0%80').set(auth())).status).toBe(400);
    });

    it('while ordinary text, emoji and escapes still go through', async () => {
      const res = await request(backend.http)
        .post('/api/projects')
        .set(auth())
        .set('content-type', 'application/json')
        .send('{"title":"Plan \\u00e9 \\ud83d\\ude00 ✓"}')
        .expect(201);
      expect(res.body.title).toBe('Plan é 😀 ✓');
    });
  });

  describe('body limits', () => {
    it('a small route refuses a large body at once, from its announced length, before reading it', async () => {
      const a = await raw(
        backend.url,
        `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}`,
        '',
        false,
      );
      expect(a.status).toBe(413);
    });

    it('a small route stops reading an unannounced (chunked) body at its limit', async () => {
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const body = Buffer.concat([
        ...Array.from({ length: 4 }, () => Buffer.concat([Buffer.from(`${chunk.length.toString(16)}\r\n`), chunk, Buffer.from('\r\n')])),
        Buffer.from('0\r\n\r\n'),
      ]);
      const a = await raw(backend.url, `POST /api/auth/login HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked`, body);
      expect(a.status).toBe(413);
    });

    it('a canvas route turns a signed-out caller away before reading the body', async () => {
      // Only the head is sent: the answer cannot have waited for (or parsed) a body.
      for (const path of ['/api/projects', '/api/summaries']) {
        const a = await raw(
          backend.url,
          `POST ${path} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${6 * 1024 * 1024}`,
          '',
          false,
        );
        expect(a.status).toBe(401);
        expect(json(a)).toEqual({ statusCode: 401, message: Messages.needLogin });
      }
      const bad = await raw(
        backend.url,
        `PUT /api/projects/some-id HTTP/1.1\r\nHost: ${host}\r\nAuthorization: Bearer not.a.valid-token\r\nContent-Type: application/json\r\nContent-Length: ${5 * 1024 * 1024}`,
        '',
        false,
      );
      expect(bad.status).toBe(401);
    });

    it('a canvas route takes a large body from a signed-in user', async () => {
      const p = (await request(backend.http).post('/api/projects').set(auth()).send({ title: 'Large' }).expect(201)).body;
      const big = { elements: [], appState: {}, files: {}, pad: 'x'.repeat(3_000_000) };
      const res = await request(backend.http).put(`/api/projects/${p.id}`).set(auth()).send({ scene: big, version: 1 });
      expect(res.status).toBe(200);
      // The same body to a small route is too large.
      expect((await request(backend.http).patch('/api/auth/profile').set(auth()).send({ name: 'x', pad: big.pad })).status).toBe(413);
    });

    it('refuses deeply nested bodies with a clear 400, signed in or not', async () => {
      const deep = `{"title":${'['.repeat(40_000)}${']'.repeat(40_000)}}`;
      const small = await request(backend.http).post('/api/auth/login').set('content-type', 'application/json').send(deep);
      expect(small.body).toEqual({ statusCode: 400, message: ErrorCatalogue.NESTING_TOO_DEEP.message });
      const p = (await request(backend.http).post('/api/projects').set(auth()).send({ title: 'Deep' }).expect(201)).body;
      const large = `{"version":1,"scene":{"elements":[],"x":${'['.repeat(1_000_000)}${']'.repeat(1_000_000)}}}`;
      const res = await request(backend.http).put(`/api/projects/${p.id}`).set(auth()).set('content-type', 'application/json').send(large);
      expect(res.body).toEqual({ statusCode: 400, message: ErrorCatalogue.NESTING_TOO_DEEP.message });
    });

    it('keeps answering others while signed-out callers send large nested bodies', async () => {
      const nested = Buffer.from(`{"x":${'['.repeat(3_000_000)}${']'.repeat(3_000_000)}}`);
      const attacks = Array.from({ length: 4 }, (_, i) =>
        raw(backend.url, `PUT /api/projects/p${i} HTTP/1.1\r\nHost: ${host}\r\nContent-Type: application/json\r\nContent-Length: ${nested.length}`, nested),
      );
      const others = await Promise.all(Array.from({ length: 10 }, () => request(backend.http).get('/api/projects').set(auth())));
      const answers = await Promise.all(attacks);
      expect(answers.map((a) => a.status)).toEqual([401, 401, 401, 401]);
      expect(others.map((r) => r.status)).toEqual(Array(10).fill(200));
    });
  });
});
