import { ConfigError, createServiceApp, RpcClient } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';
import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { createGatewayApp, startBackend, type Backend } from '../../../../test/support/backend';
import { SmtpSink } from '../../test/smtp-sink';
import { authService } from '../service';

jest.setTimeout(60_000);

/** The product as the README starts it (no NODE_ENV, no TEST_ROUTES): nothing reads mail or sets scopes. */
describe('test routes under the defaults', () => {
  let t: TestEnv;
  let backend: Backend;
  let smtp: SmtpSink;
  let user: SignedUp;

  beforeAll(async () => {
    smtp = await SmtpSink.start();
    t = await createTestEnv('test_routes', { SMTP_URL: smtp.url });
    // what `npm start` runs with: NODE_ENV's default, no TEST_ROUTES
    delete t.env.NODE_ENV;
    delete t.env.TEST_ROUTES;
    backend = await startBackend(t.env, ['auth']);
    user = await signUp(backend.url, { readMails: (to) => smtp.read(to) });
  });
  afterAll(async () => {
    await backend?.close();
    await smtp?.close();
    await t?.cleanup();
  });

  it('answers 404 to the outbox and scope routes, signed out and signed in', async () => {
    const http = () => request(backend.http);
    await http().get('/api/dev/outbox').expect(404);
    await http()
      .get(`/api/dev/outbox?to=${encodeURIComponent(user.email)}`)
      .expect(404);
    await http()
      .post('/api/auth/dev/scope')
      .send({ email: user.email, scope: ['admin'] })
      .expect(404);
    await http().get('/api/dev/outbox').set('authorization', `Bearer ${user.token}`).expect(404);
    await http()
      .post('/api/auth/dev/scope')
      .set('authorization', `Bearer ${user.token}`)
      .send({ email: user.email, scope: ['admin'] })
      .expect(404);
    // nothing changed: still no operator after a fresh token
    const refreshed = await http().post('/api/auth/refresh').send({ refresh_token: user.refresh_token }).expect(200);
    expect(refreshed.body.user?.scope ?? []).not.toContain('admin');
    const me = await http().get('/api/auth/user').set('authorization', `Bearer ${refreshed.body.token}`).expect(200);
    expect(me.body.user.scope ?? []).not.toContain('admin');
  });

  it('has no RPC handlers for them in the auth service either', async () => {
    const rpc = backend.gateway.app.get(RpcClient);
    await expect(rpc.send(Patterns.auth.devOutbox, {})).rejects.toMatchObject({ statusCode: 404 });
    await expect(rpc.send(Patterns.auth.devSetScope, { email: user.email, scope: ['admin'] })).rejects.toMatchObject({ statusCode: 404 });
  });

  it('refuses to start with TEST_ROUTES together with NODE_ENV=production, in one line', async () => {
    const env = { ...t.env, NODE_ENV: 'production', TEST_ROUTES: '1' };
    const message = /^Invalid configuration: TEST_ROUTES must not be set with NODE_ENV=production[^\n]*$/;
    await expect(createGatewayApp(env)).rejects.toThrow(message);
    await expect(createServiceApp(authService, env)).rejects.toThrow(ConfigError);
    await expect(createServiceApp(authService, env)).rejects.toThrow(message);
  });
});
