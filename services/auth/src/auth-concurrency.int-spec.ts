import { Messages } from '@visualnotes/contracts';
import { createTestEnv, logIn, signUp, waitFor, waitForMail, type TestEnv } from '@visualnotes/testing';
import { decodeJwt } from 'jose';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { createGatewayApp, startBackend, type Backend, type Gateway } from '../../../test/support/backend';
import { SmtpSink } from '../test/smtp-sink';

jest.setTimeout(90_000);

const GRACE_S = 2;
/** "Within seconds": every gateway copy reads the revoked sessions once a second. */
const REVOKED_WITHIN_MS = 4_000;

describe('auth under concurrency (real PostgreSQL, Redis, SMTP; two gateway copies)', () => {
  let t: TestEnv;
  let backend: Backend;
  let other: Gateway;
  let smtp: SmtpSink;
  let base: string;
  const read = (to: string) => smtp.read(to);
  const http = () => request(backend.http);
  const otherHttp = () => request(other.app.getHttpServer());
  const account = () => signUp(base, { readMails: read });

  /** The status `GET /api/auth/user` answers for this token, on the first and on the second gateway. */
  const userStatus = async (token: string) => {
    const [a, b] = await Promise.all([
      http().get('/api/auth/user').set('authorization', `Bearer ${token}`),
      otherHttp().get('/api/auth/user').set('authorization', `Bearer ${token}`),
    ]);
    return [a.status, b.status];
  };
  const refusedEverywhere = (token: string) => waitFor(async () => (await userStatus(token)).every((s) => s === 401), REVOKED_WITHIN_MS, 100);

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestEnv('auth-concurrency', { SMTP_URL: smtp.url, TRUST_PROXY: 'true', REFRESH_GRACE_S: String(GRACE_S) });
    backend = await startBackend(t.env, ['auth']);
    base = backend.url;
    other = await createGatewayApp(t.env);
    await other.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await other?.app.close();
    await backend?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  describe('login throttling', () => {
    it('evaluates exactly 5 of 100 parallel wrong passwords from one address; the rest get 429', async () => {
      const a = await account();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () =>
          http().post('/api/auth/login').set('x-forwarded-for', '203.0.113.50').send({ email: a.email, password: 'guess1234', fingerprint: 'evil' }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 401)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(95);
      expect(answers.find((r) => r.status === 429)!.body.message).toMatch(/^Too many login attempts; please wait \d+ minutes and try again$/);
      // even the right password waits now, from that address
      const right = await http()
        .post('/api/auth/login')
        .set('x-forwarded-for', '203.0.113.50')
        .send({ email: a.email, password: a.password, fingerprint: a.fingerprint });
      expect(right.status).toBe(429);
    });

    it('does not count right passwords against the address', async () => {
      const a = await account();
      for (let i = 0; i < 8; i++) {
        await http()
          .post('/api/auth/login')
          .set('x-forwarded-for', '203.0.113.51')
          .send({ email: a.email, password: a.password, fingerprint: a.fingerprint })
          .expect(200);
      }
      for (let i = 0; i < 5; i++) {
        await http()
          .post('/api/auth/login')
          .set('x-forwarded-for', '203.0.113.51')
          .send({ email: a.email, password: 'guess1234', fingerprint: 'x' })
          .expect(401);
      }
      await http().post('/api/auth/login').set('x-forwarded-for', '203.0.113.51').send({ email: a.email, password: 'guess1234', fingerprint: 'x' }).expect(429);
    });
  });

  describe('password re-checks', () => {
    it('logout everywhere: 5 of 30 parallel wrong passwords are checked, then even the right one waits', async () => {
      const a = await account();
      const answers = await Promise.all(
        Array.from({ length: 30 }, () => http().post('/api/auth/logout-all').set('authorization', `Bearer ${a.token}`).send({ password: 'nope12345' })),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 403)).toHaveLength(5);
      expect(statuses.filter((s) => s === 429)).toHaveLength(25);
      const right = await http().post('/api/auth/logout-all').set('authorization', `Bearer ${a.token}`).send({ password: a.password });
      expect(right.status).toBe(429);
      expect(right.body.message).toBe(Messages.tooManyPasswordAttempts.replace('{minutes}', '15'));
      // nothing was ended
      await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(200);
    });

    it('e-mail change: a right password gives its try back; wrong ones stop after 5', async () => {
      const a = await account();
      const change = (password: string) =>
        http()
          .put('/api/auth/email')
          .set('authorization', `Bearer ${a.token}`)
          .send({ email: `new-${Date.now()}@example.test`, password });
      for (let i = 0; i < 4; i++) expect((await change('nope12345')).status).toBe(403);
      expect((await change(a.password)).status).toBe(202);
      expect((await change('nope12345')).status).toBe(403);
      expect((await change('nope12345')).status).toBe(429);
      expect((await change(a.password)).status).toBe(429);
    });

    it('account deletion: stops after 5 wrong passwords and the account stays', async () => {
      const a = await account();
      const del = (password: string) => http().delete('/api/auth/account').set('authorization', `Bearer ${a.token}`).send({ email: a.email, password });
      const answers = await Promise.all(Array.from({ length: 12 }, () => del('nope12345')));
      expect(answers.filter((r) => r.status === 403)).toHaveLength(5);
      expect(answers.filter((r) => r.status === 429)).toHaveLength(7);
      expect((await del(a.password)).status).toBe(429);
      await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(200);
      await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
    });
  });

  describe('refresh rotation', () => {
    it('two tabs refreshing with the same token at once both keep the session', async () => {
      const a = await account();
      const answers = await Promise.all(Array.from({ length: 4 }, () => http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token })));
      expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      for (const r of answers) {
        await http().get('/api/auth/user').set('authorization', `Bearer ${r.body.token}`).expect(200);
        await http().post('/api/auth/refresh').send({ refresh_token: r.body.refresh_token }).expect(200);
      }
      // the session was never revoked: the first access token still works on both copies
      expect(await userStatus(a.token)).toEqual([200, 200]);
    });

    /** Refresh tokens of the session of this access token that can still be exchanged. */
    const unusedRefreshTokens = async (accessToken: string) => {
      const ds = backend.services.auth!.app.get(DataSource, { strict: false });
      const [{ n }] = (await ds.query(`SELECT count(*)::int AS n FROM auth.refresh_tokens WHERE session_id = $1 AND used_at IS NULL`, [
        decodeJwt(accessToken).sid,
      ])) as { n: number }[];
      return n;
    };

    it('10 parallel refreshes with one token get one and the same successor; the session keeps one valid refresh token', async () => {
      const a = await account();
      const answers = await Promise.all(Array.from({ length: 10 }, () => http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token })));
      expect(answers.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 200));
      const successors = new Set(answers.map((r) => r.body.refresh_token as string));
      expect(successors.size).toBe(1);
      const [successor] = successors;
      expect(successor).not.toBe(a.refresh_token);
      for (const r of answers) expect(decodeJwt(r.body.token).sid).toBe(decodeJwt(a.token).sid);
      expect(await unusedRefreshTokens(a.token)).toBe(1);
      // the successor is the live one: it rotates on, and the chain stays single
      const next = await http().post('/api/auth/refresh').send({ refresh_token: successor }).expect(200);
      expect(next.body.refresh_token).not.toBe(successor);
      expect(await unusedRefreshTokens(a.token)).toBe(1);
    });

    it('a replay within the grace period gets the same successor and a working access token, not a second chain', async () => {
      const a = await account();
      const first = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(200);
      const replay = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(200);
      expect(replay.body.refresh_token).toBe(first.body.refresh_token);
      await http().get('/api/auth/user').set('authorization', `Bearer ${replay.body.token}`).expect(200);
      expect(await unusedRefreshTokens(a.token)).toBe(1);
    });

    it('a replay after the grace period revokes the session, its refresh tokens and its access tokens', async () => {
      const a = await account();
      const next = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(200);
      await new Promise((r) => setTimeout(r, GRACE_S * 1000 + 500));
      const replay = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token });
      expect(replay.body).toEqual({ statusCode: 401, message: Messages.sessionExpired });
      await http().post('/api/auth/refresh').send({ refresh_token: next.body.refresh_token }).expect(401);
      await refusedEverywhere(next.body.token);
      await refusedEverywhere(a.token);
    });
  });

  describe('access tokens stop working within seconds, on every gateway copy', () => {
    it('after logout (at once on the copy that logged out)', async () => {
      const a = await account();
      const second = await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
      expect(await userStatus(a.token)).toEqual([200, 200]);
      await http().post('/api/auth/logout').set('authorization', `Bearer ${a.token}`).expect(204);
      await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(401);
      await refusedEverywhere(a.token);
      // the other session of the same account is untouched
      expect(await userStatus(second.token)).toEqual([200, 200]);
    });

    it('after logout everywhere', async () => {
      const a = await account();
      const second = await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
      await otherHttp().post('/api/auth/logout-all').set('authorization', `Bearer ${second.token}`).send({ password: a.password }).expect(204);
      await refusedEverywhere(a.token);
      await refusedEverywhere(second.token);
      const fresh = await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
      expect(await userStatus(fresh.token)).toEqual([200, 200]);
    });

    it('after a password reset', async () => {
      const a = await account();
      await http().post('/api/auth/password/forgot').send({ email: a.email }).expect(202);
      const token = await waitForMail(read, a.email, /\/account\/reset\?token=([A-Za-z0-9_-]+)/);
      await http().post('/api/auth/password/reset').send({ token, password: 'brandnew123' }).expect(200);
      await refusedEverywhere(a.token);
    });

    it('a token refused for a revoked session is refused by a gateway copy started afterwards too', async () => {
      const a = await account();
      await http().post('/api/auth/logout').set('authorization', `Bearer ${a.token}`).expect(204);
      const late = await createGatewayApp(t.env);
      try {
        await late.app.listen({ port: 0, host: '127.0.0.1' });
        await request(late.app.getHttpServer()).get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(401);
      } finally {
        await late.app.close();
      }
    });
  });

  describe('forgotten password', () => {
    it('answers the same for an existing and an unknown address, and mails only the existing one', async () => {
      const a = await account();
      const known = await http().post('/api/auth/password/forgot').send({ email: a.email });
      const unknown = await http().post('/api/auth/password/forgot').send({ email: 'nobody-here@example.test' });
      expect([known.status, unknown.status]).toEqual([202, 202]);
      expect(unknown.body).toEqual(known.body);
      expect(unknown.headers['content-length']).toBe(known.headers['content-length']);
      await waitForMail(read, a.email, /\/account\/reset\?token=([A-Za-z0-9_-]+)/);
      expect(await read('nobody-here@example.test')).toEqual([]);
    });
  });
});
