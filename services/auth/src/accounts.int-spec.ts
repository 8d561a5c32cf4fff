import { generateKeyPairSync } from 'node:crypto';
import { getQueueToken } from '@nestjs/bullmq';
import { Jobs, Messages, Queues } from '@visualnotes/contracts';
import { ACTIVATION_LINK, createTestEnv, logIn, signUp, waitFor, waitForMail, type TestEnv } from '@visualnotes/testing';
import type { Queue } from 'bullmq';
import { decodeJwt, SignJWT } from 'jose';
import request from 'supertest';
import { startBackend, type Backend } from '../../../test/support/backend';
import { SmtpSink } from '../test/smtp-sink';

jest.setTimeout(60_000);

describe('accounts through the gateway (real SMTP, PostgreSQL, Redis)', () => {
  let t: TestEnv;
  let backend: Backend;
  let smtp: SmtpSink;
  let base: string;
  const publicUrl = 'http://app.test:8080';
  const read = (to: string) => smtp.read(to);
  const http = () => request(backend.http);

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestEnv('accounts', {
      SMTP_URL: smtp.url,
      PUBLIC_URL: publicUrl,
      TRUST_PROXY: 'true',
      LOGIN_MAX_PER_ACCOUNT_IP: '3',
      LOGIN_MAX_PER_IP: '8',
      LOGIN_ACCOUNT_ALERT: '5',
      // a reused refresh token counts as a replay at once here (the grace is tested in auth-concurrency)
      REFRESH_GRACE_S: '0',
    });
    backend = await startBackend(t.env, ['auth']);
    base = backend.url;
  });
  afterAll(async () => {
    await backend?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  const account = (o: Parameters<typeof signUp>[1] = {}) => signUp(base, { readMails: read, ...o });

  describe('registration', () => {
    it('refuses weak passwords with the words', async () => {
      const short = await http().post('/api/auth/register').send({ name: 'A', email: 'a@example.test', password: 'abc1' });
      expect(short.body).toEqual({ statusCode: 400, message: 'Password cannot be less than 8 characters' });
      const simple = await http().post('/api/auth/register').send({ name: 'A', email: 'a@example.test', password: 'abcdefghij' });
      expect(simple.body).toEqual({ statusCode: 400, message: 'Password is too simple. It needs to contain at least one letter and one number.' });
      const digits = await http().post('/api/auth/register').send({ name: 'A', email: 'a@example.test', password: '1234567890' });
      expect(digits.body.message).toBe(Messages.passwordTooSimple);
    });

    it('mails an activation link; an unactivated account cannot log in until it is opened', async () => {
      const email = 'new-user@example.test';
      await http().post('/api/auth/register').send({ name: 'New User', email, password: 'secret123' }).expect(201);
      const [mail] = (await waitFor(async () => ((await read(email)).length ? read(email) : null)))!;
      expect(mail.subject).toBe('Activate your VisualNotes account');
      expect(mail.text).toContain(`${publicUrl}/user/confirm?token=`);
      expect(mail.html).toContain(`${publicUrl}/user/confirm?token=`);
      expect(mail.html).toContain('<a href=');

      const refused = await http().post('/api/auth/login').send({ email, password: 'secret123', fingerprint: 'fp1' });
      expect(refused.body).toEqual({ statusCode: 403, message: Messages.accountNotActivated });
      expect(Messages.accountNotActivated).toMatch(/spam/);

      await http().post('/api/auth/activation/resend').send({ email }).expect(202);
      await waitFor(async () => (await read(email)).length === 2);
      const token = ACTIVATION_LINK.exec((await read(email))[0].text)![1];
      await http()
        .post('/api/auth/activate')
        .send({ token: 'x'.repeat(43) })
        .expect(400);
      await http().post('/api/auth/activate').send({ token }).expect(200);
      const ok = await http().post('/api/auth/login').send({ email, password: 'secret123', fingerprint: 'fp1' }).expect(200);
      expect(ok.body.security_code_required).toBe(true);
    });

    it('does not tell whether an address is registered; the owner gets a mail instead', async () => {
      const a = await account();
      const again = await http().post('/api/auth/register').send({ name: 'Other', email: a.email, password: 'another123' });
      expect(again.status).toBe(201);
      await waitForMail(read, a.email, /(log in)/i);
      await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
    });

    it('writes mails in the user language (zh-CN)', async () => {
      const email = 'zh@example.test';
      await http().post('/api/auth/register').send({ name: '小明', email, password: 'secret123', locale: 'zh-CN' }).expect(201);
      const [mail] = (await waitFor(async () => ((await read(email)).length ? read(email) : null)))!;
      expect(mail.subject).toBe('激活您的 VisualNotes 账户');
      expect(mail.text).toContain('小明，您好');
      expect(mail.html).toContain('激活我的账户');
    });
  });

  describe('login and the new-device security code', () => {
    it('answers wrong credentials with the catalogue message, whatever was wrong', async () => {
      const a = await account();
      const wrong = await http().post('/api/auth/login').set('x-forwarded-for', '10.9.0.1').send({ email: a.email, password: 'wrong123', fingerprint: 'x' });
      expect(wrong.body).toEqual({ statusCode: 401, message: 'Login failed, please double check your email and password.' });
      const unknown = await http()
        .post('/api/auth/login')
        .set('x-forwarded-for', '10.9.0.1')
        .send({ email: 'nobody@example.test', password: 'wrong123', fingerprint: 'x' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('asks a new device for the e-mailed 6-digit code and trusts it afterwards', async () => {
      const a = await account();
      // mails go out through a queue: wait for this login's code, not the one of the sign-up
      const earlier = (await read(a.email)).filter((m) => /\b\d{6}\b/.test(m.text)).length;
      const login = await http().post('/api/auth/login').send({ email: a.email, password: a.password, fingerprint: 'laptop' }).expect(200);
      expect(login.body).toEqual({ security_code_required: true, challenge: expect.any(String) });
      const code = await waitForMail(read, a.email, /\b(\d{6})\b/, earlier);
      const other = code === '000000' ? '111111' : '000000';
      const bad = await http().post('/api/auth/login/security-code').send({ challenge: login.body.challenge, code: other });
      expect(bad.body).toEqual({ statusCode: 400, message: Messages.securityCodeIncorrect });
      const good = await http().post('/api/auth/login/security-code').send({ challenge: login.body.challenge, code }).expect(200);
      expect(good.body).toMatchObject({ token: expect.any(String), refresh_token: expect.any(String), user: { email: a.email } });
      // the code is single use
      await http().post('/api/auth/login/security-code').send({ challenge: login.body.challenge, code }).expect(400);
      const again = await http().post('/api/auth/login').send({ email: a.email, password: a.password, fingerprint: 'laptop' }).expect(200);
      expect(again.body.token).toBeDefined();
    });

    it('allows 5 tries; then even the right code needs a new login', async () => {
      const a = await account();
      const before = (await read(a.email)).length;
      const login = await http().post('/api/auth/login').send({ email: a.email, password: a.password, fingerprint: 'phone' }).expect(200);
      const code = await waitFor(async () => {
        const mails = await read(a.email);
        return /security code/i.test(mails[0].subject) && mails.length > before ? /\b(\d{6})\b/.exec(mails[0].text)![1] : null;
      });
      const wrong = code === '123456' ? '654321' : '123456';
      for (let i = 0; i < 5; i++) await http().post('/api/auth/login/security-code').send({ challenge: login.body.challenge, code: wrong }).expect(400);
      const late = await http().post('/api/auth/login/security-code').send({ challenge: login.body.challenge, code });
      expect(late.body).toEqual({ statusCode: 400, message: Messages.securityCodeExpired });
    });

    it('creates at most 5 new-device codes per account in 15 minutes; beyond, a clear 429 and no mail', async () => {
      const a = await account();
      const codeMails = async () => (await read(a.email)).filter((m) => /security code/i.test(m.subject)).length;
      // the sign-up's login was the first new device
      await waitFor(async () => (await codeMails()) === 1);
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          http()
            .post('/api/auth/login')
            .set('x-forwarded-for', `198.18.7.${i + 1}`)
            .send({ email: a.email, password: a.password, fingerprint: `new-device-${i}` }),
        ),
      );
      expect(answers.filter((r) => r.status === 200 && r.body.security_code_required)).toHaveLength(4);
      const refused = answers.filter((r) => r.status === 429);
      expect(refused).toHaveLength(6);
      for (const r of refused) {
        expect(r.body).toEqual({ statusCode: 429, message: 'Too many sign-in attempts from new devices; please wait 15 minutes and try again' });
      }
      await waitFor(async () => (await codeMails()) === 5);
      await new Promise((r) => setTimeout(r, 500));
      expect(await codeMails()).toBe(5);
      // the owner's known device is not held up
      const known = await http().post('/api/auth/login').send({ email: a.email, password: a.password, fingerprint: a.fingerprint }).expect(200);
      expect(known.body.token).toEqual(expect.any(String));
    });

    it('returns the user with the contract fields', async () => {
      const a = await account({ name: 'Ada Lovelace' });
      const res = await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(200);
      expect(res.body.user).toEqual({
        id: a.user.id,
        name: 'Ada Lovelace',
        email: a.email,
        scope: [],
        plan: null,
        locale: 'en',
        created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
      });
      const claims = decodeJwt(a.token);
      expect(claims).toMatchObject({ sub: a.user.id, email: a.email, name: 'Ada Lovelace', scope: [], sid: expect.any(String) });
      expect(claims.exp! - claims.iat!).toBe(900);
    });
  });

  describe('tokens', () => {
    it('rotates the refresh token; a replayed one revokes the whole session', async () => {
      const a = await account();
      const first = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(200);
      expect(first.body.refresh_token).not.toBe(a.refresh_token);
      expect(first.body.token).toEqual(expect.any(String));
      // the stolen copy is used again
      const replay = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token });
      expect(replay.status).toBe(401);
      // and the legitimate newer token is dead too: the session is gone
      await http().post('/api/auth/refresh').send({ refresh_token: first.body.refresh_token }).expect(401);
    });

    it('refuses tampered, foreign-key, unsigned and garbage tokens with the same 401', async () => {
      const a = await account();
      const [h, , s] = a.token.split('.');
      const forged = Buffer.from(JSON.stringify({ ...decodeJwt(a.token), sub: '00000000-0000-0000-0000-000000000000' })).toString('base64url');
      const { privateKey } = generateKeyPairSync('ed25519');
      const foreign = await new SignJWT({ ...decodeJwt(a.token) })
        .setProtectedHeader({ alg: 'EdDSA', kid: JSON.parse(Buffer.from(h, 'base64url').toString()).kid })
        .sign(privateKey);
      const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${forged}.`;
      for (const token of [`${h}.${forged}.${s}`, foreign, none, 'garbage', '']) {
        const res = await http().get('/api/auth/user').set('authorization', `Bearer ${token}`);
        expect(res.body).toEqual({ statusCode: 401, message: 'Need to log in to continue' });
      }
      await http().get('/api/auth/user').expect(401);
    });

    it('logout ends this session; logout-all needs the password and ends every session', async () => {
      const a = await account();
      const second = await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
      await http().post('/api/auth/logout').set('authorization', `Bearer ${a.token}`).expect(204);
      await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(401);
      await http()
        .post('/api/auth/refresh')
        .send({ refresh_token: second.refresh_token })
        .expect(200)
        .then((r) => (second.refresh_token = r.body.refresh_token));

      const wrong = await http().post('/api/auth/logout-all').set('authorization', `Bearer ${second.token}`).send({ password: 'nope1234' });
      expect(wrong.body).toEqual({ statusCode: 403, message: 'The password is incorrect' });
      const third = await logIn(base, { email: a.email, password: a.password, fingerprint: a.fingerprint, readMails: read });
      await http().post('/api/auth/logout-all').set('authorization', `Bearer ${second.token}`).send({ password: a.password }).expect(204);
      await http().post('/api/auth/refresh').send({ refresh_token: second.refresh_token }).expect(401);
      await http().post('/api/auth/refresh').send({ refresh_token: third.refresh_token }).expect(401);
    });
  });

  describe('profile, e-mail and password', () => {
    it('changes the name', async () => {
      const a = await account();
      const res = await http().patch('/api/auth/profile').set('authorization', `Bearer ${a.token}`).send({ name: '  Grace Hopper ' }).expect(200);
      expect(res.body.user.name).toBe('Grace Hopper');
      // the next token carries the new name
      const next = await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(200);
      const me = await http().get('/api/auth/user').set('authorization', `Bearer ${next.body.token}`).expect(200);
      expect(me.body.user.name).toBe('Grace Hopper');
      const bad = await http().patch('/api/auth/profile').set('authorization', `Bearer ${a.token}`).send({ name: '<script>x</script>' });
      expect(bad.status).toBe(400);
      await http().patch('/api/auth/profile').send({ name: 'x' }).expect(401);
    });

    it('changes the e-mail after the password and a link sent to the new address', async () => {
      const a = await account();
      const target = `moved-${Date.now()}@example.test`;
      const wrong = await http().put('/api/auth/email').set('authorization', `Bearer ${a.token}`).send({ email: target, password: 'nope1234' });
      expect(wrong.body).toEqual({ statusCode: 403, message: 'The password is incorrect' });
      await http().put('/api/auth/email').set('authorization', `Bearer ${a.token}`).send({ email: target, password: a.password }).expect(202);
      const token = await waitForMail(read, target, /\/user\/confirm\?token=([A-Za-z0-9_-]+)&kind=email/);
      await http().post('/api/auth/email/confirm').send({ token }).expect(200);
      // A token issued before the change (a second tab, a script) is told the new address within a second.
      await waitFor(async () => {
        const still = await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(200);
        return still.body.user.email === target ? true : null;
      }, 5_000);
      const renamed = await http().patch('/api/auth/profile').set('authorization', `Bearer ${a.token}`).send({ name: 'Renamed Person' }).expect(200);
      expect(renamed.body.user.name).toBe('Renamed Person');
      await waitFor(async () => {
        const res = await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(200);
        return res.body.user.name === 'Renamed Person' ? true : null;
      }, 5_000);
      const me = await logIn(base, { email: target, password: a.password, fingerprint: a.fingerprint, readMails: read });
      expect(me.user.email).toBe(target);
    });

    it('answers a taken address as an unknown one: no link goes to it, only a notice, and the account stays', async () => {
      const a = await account();
      const taken = await account();
      const unknown = `free-${Date.now()}@example.test`;
      const change = (email: string) => http().put('/api/auth/email').set('authorization', `Bearer ${a.token}`).send({ email, password: a.password });
      const toTaken = (await read(taken.email)).length;
      const [onTaken, onUnknown] = [await change(taken.email), await change(unknown)];
      expect([onTaken.status, onUnknown.status]).toEqual([202, 202]);
      expect(onTaken.body).toEqual(onUnknown.body);
      expect(onTaken.headers['content-length']).toBe(onUnknown.headers['content-length']);
      await waitForMail(read, unknown, /\/user\/confirm\?token=([A-Za-z0-9_-]+)&kind=email/);
      const [notice] = (await waitFor(async () => ((await read(taken.email)).length > toTaken ? read(taken.email) : null)))!;
      expect(notice.text).toMatch(/already belongs to your account, so nothing changed/);
      expect(notice.text).not.toMatch(/token=/);
      const me = await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(200);
      expect(me.body.user.email).toBe(a.email);
    });

    it('takes 3 e-mail change requests an hour, then a clear 429 and no mail', async () => {
      const a = await account();
      const target = (i: number) => `cap-${i}-${Date.now()}@example.test`;
      const addresses = [1, 2, 3, 4].map(target);
      const change = (email: string) => http().put('/api/auth/email').set('authorization', `Bearer ${a.token}`).send({ email, password: a.password });
      for (const email of addresses.slice(0, 3)) await change(email).expect(202);
      const refused = await change(addresses[3]);
      expect(refused.body).toEqual({ statusCode: 429, message: 'Too many requests to change the e-mail address; please wait 60 minutes and try again' });
      for (const email of addresses.slice(0, 3)) await waitForMail(read, email, /\/user\/confirm\?token=([A-Za-z0-9_-]+)&kind=email/);
      expect(await read(addresses[3])).toEqual([]);
    });

    it('resets a forgotten password by e-mail; the answer is the same for unknown addresses', async () => {
      const a = await account();
      const unknown = await http().post('/api/auth/password/forgot').send({ email: 'ghost@example.test' });
      const known = await http().post('/api/auth/password/forgot').send({ email: a.email });
      expect(known.status).toBe(202);
      expect(unknown.status).toBe(202);
      expect(unknown.body).toEqual(known.body);
      const token = await waitForMail(read, a.email, /\/account\/reset\?token=([A-Za-z0-9_-]+)/);
      expect(await read('ghost@example.test')).toEqual([]);
      const weak = await http().post('/api/auth/password/reset').send({ token, password: 'short1' });
      expect(weak.body.message).toBe(Messages.passwordTooShort);
      await http().post('/api/auth/password/reset').send({ token, password: 'brandnew123' }).expect(200);
      await http().post('/api/auth/password/reset').send({ token, password: 'brandnew456' }).expect(400);
      await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(401);
      await http().post('/api/auth/login').send({ email: a.email, password: a.password, fingerprint: a.fingerprint }).expect(401);
      await logIn(base, { email: a.email, password: 'brandnew123', fingerprint: a.fingerprint, readMails: read });
    });
  });

  describe('two accounts', () => {
    it('cannot read or change each other', async () => {
      const a = await account({ name: 'Alice' });
      const b = await account({ name: 'Bob' });
      const meA = await http().get('/api/auth/user').set('authorization', `Bearer ${a.token}`).expect(200);
      expect(meA.body.user.email).toBe(a.email);
      // a body naming the other account changes nothing of it
      await http()
        .patch('/api/auth/profile')
        .set('authorization', `Bearer ${a.token}`)
        .send({ name: 'Mallory', user_id: b.user.id, id: b.user.id })
        .expect(200);
      const meB = await http().get('/api/auth/user').set('authorization', `Bearer ${b.token}`).expect(200);
      expect(meB.body.user.name).toBe('Bob');
      const del = await http().delete('/api/auth/account').set('authorization', `Bearer ${a.token}`).send({ email: b.email, password: b.password });
      expect(del.status).toBe(400);
      await http().post('/api/auth/logout-all').set('authorization', `Bearer ${a.token}`).send({ password: b.password }).expect(403);
      await http().post('/api/auth/refresh').send({ refresh_token: b.refresh_token }).expect(200);
    });
  });

  describe('deleting the account', () => {
    it('needs the e-mail and password, tells every service through durable queues, and removes the account', async () => {
      const a = await account();
      const wrongPw = await http().delete('/api/auth/account').set('authorization', `Bearer ${a.token}`).send({ email: a.email, password: 'nope1234' });
      expect(wrongPw.body).toEqual({ statusCode: 403, message: 'The password is incorrect' });
      await http()
        .delete('/api/auth/account')
        .set('authorization', `Bearer ${a.token}`)
        .send({ email: a.email.toUpperCase(), password: a.password })
        .expect(204);
      for (const name of [Queues.licenseEvents, Queues.mediaEvents, Queues.publishEvents, Queues.aiEvents]) {
        const queue = backend.services.auth!.app.get<Queue>(getQueueToken(name), { strict: false });
        const job = await queue.getJob(`${Jobs.accountDeleted}-${a.user.id}`);
        expect(job?.name).toBe(Jobs.accountDeleted);
        expect(job?.data).toEqual({ userId: a.user.id });
      }
      await http().post('/api/auth/login').send({ email: a.email, password: a.password, fingerprint: a.fingerprint }).expect(401);
      await http().post('/api/auth/refresh').send({ refresh_token: a.refresh_token }).expect(401);
    });
  });

  describe('mail server down', () => {
    it('signs up at once and delivers the activation mail when the mail server is back', async () => {
      const port = smtp.port;
      await smtp.close();
      const email = `smtp-down-${Date.now()}@example.test`;
      await http().post('/api/auth/register').send({ name: 'Patient', email, password: 'secret123' }).expect(201);
      // the account is there, waiting for its activation
      const early = await http().post('/api/auth/login').send({ email, password: 'secret123', fingerprint: 'fp' });
      expect(early.body).toEqual({ statusCode: 403, message: Messages.accountNotActivated });
      // the mail job tried, failed, and waits for its next attempt
      const queue = backend.services.auth!.app.get<Queue>(getQueueToken(Queues.authMail), { strict: false });
      await waitFor(async () => (await queue.getDelayed()).some((j) => j.data.to === email && j.attemptsMade >= 1), 10_000);
      expect(await read(email)).toEqual([]);

      smtp = await SmtpSink.start(port);
      const token = await waitForMail(read, email, ACTIVATION_LINK);
      await http().post('/api/auth/activate').send({ token }).expect(200);
      expect((await read(email)).length).toBe(1);
    });
  });

  describe('throttling', () => {
    it('stops guessing from one address with a clear 429, without locking the owner out elsewhere', async () => {
      const a = await account();
      const guess = () =>
        http().post('/api/auth/login').set('x-forwarded-for', '203.0.113.7').send({ email: a.email, password: 'guess1234', fingerprint: 'evil' });
      for (let i = 0; i < 3; i++) expect((await guess()).status).toBe(401);
      const blocked = await guess();
      expect(blocked.status).toBe(429);
      expect(blocked.body.message).toMatch(/^Too many login attempts; please wait \d+ minutes and try again$/);
      // the owner, elsewhere, still gets in on the known device
      const owner = await http()
        .post('/api/auth/login')
        .set('x-forwarded-for', '198.51.100.1')
        .send({ email: a.email, password: a.password, fingerprint: a.fingerprint });
      expect(owner.status).toBe(200);
      expect(owner.body.token).toBeDefined();
    });

    it('when an account is attacked from many addresses, requires the e-mailed code instead of locking', async () => {
      const a = await account();
      for (let i = 0; i < 5; i++) {
        await http()
          .post('/api/auth/login')
          .set('x-forwarded-for', `192.0.2.${i + 1}`)
          .send({ email: a.email, password: 'guess1234', fingerprint: 'evil' })
          .expect(401);
      }
      const owner = await http()
        .post('/api/auth/login')
        .set('x-forwarded-for', '198.51.100.2')
        .send({ email: a.email, password: a.password, fingerprint: a.fingerprint })
        .expect(200);
      expect(owner.body.security_code_required).toBe(true);
    });

    it('limits one address trying many accounts', async () => {
      let last = 0;
      for (let i = 0; i < 9; i++) {
        last = (
          await http()
            .post('/api/auth/login')
            .set('x-forwarded-for', '203.0.113.99')
            .send({ email: `spray${i}@example.test`, password: 'guess1234', fingerprint: 'x' })
        ).status;
      }
      expect(last).toBe(429);
    });
  });

  describe('hostile input', () => {
    it('answers malformed bodies with 400 and never 500', async () => {
      const bodies: [string, unknown][] = [
        ['/api/auth/register', { name: 'x'.repeat(10_000), email: 'a@b.test', password: 'secret123' }],
        ['/api/auth/register', { name: 'x', email: "' OR 1=1 --", password: 'secret123' }],
        ['/api/auth/register', { name: ['x'], email: { $ne: null }, password: 12345678 }],
        ['/api/auth/login', { email: { $gt: '' }, password: { $gt: '' } }],
        ['/api/auth/activate', { token: '../../etc/passwd' }],
        ['/api/auth/login/security-code', { challenge: 'a'.repeat(43), code: '12345x' }],
        ['/api/auth/password/reset', { token: "'; DROP TABLE auth.users; --", password: 'secret123' }],
        ['/api/auth/refresh', { refresh_token: 42 }],
      ];
      for (const [path, body] of bodies) {
        const res = await http()
          .post(path)
          .send(body as object);
        expect([400, 401]).toContain(res.status);
        expect(res.body.statusCode).toBe(res.status);
      }
      await http().post('/api/auth/login').set('content-type', 'application/json').send('{"email":').expect(400);
    });
  });

  it('sends Google sign-in back to the login page with its error while GOOGLE_CLIENT_ID is unset', async () => {
    const res = await http().get('/api/auth/google').expect(302);
    expect(res.headers.location).toBe('/account/login?error=google');
  });

  describe('scopes', () => {
    it('carries the admin scope in the token of an operator', async () => {
      const admin = await account({ scope: ['admin'] });
      expect(decodeJwt(admin.token).scope).toEqual(['admin']);
      expect(admin.user.scope).toEqual(['admin']);
    });
  });
});
