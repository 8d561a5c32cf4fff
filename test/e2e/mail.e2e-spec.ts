import { ACTIVATION_LINK, Stack, waitFor, waitForMail } from '@visualnotes/testing';
import { SmtpSink } from '../../services/auth/test/smtp-sink';

const post = (url: string, body: unknown, token?: string) =>
  fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

/** The product as `npm start` runs it: no SMTP_URL, no TEST_ROUTES. */
describe('mail and test routes of the product as processes', () => {
  let stack: Stack;
  let sink: SmtpSink | undefined;
  beforeAll(async () => {
    stack = await Stack.start({ label: 'mail', env: { NODE_ENV: 'development', TEST_ROUTES: '0' } });
  }, 180_000);
  afterAll(async () => {
    await stack?.close();
    await sink?.close();
  });

  /** The log line of the auth service about a mail to `to` whose subject matches. */
  const logLine = (to: string, subject: RegExp) =>
    waitFor(() =>
      stack
        .copies('auth')
        .flatMap((p) => p.output.join('').split('\n'))
        .find((line) => line.includes(`Mail to ${to}, `) && subject.test(line)),
    );

  it('lets a newcomer without a mail server activate and log in from the log; the test routes answer 404', async () => {
    const email = `newcomer-${Date.now()}@example.test`;
    const password = 'secret123';
    expect((await post(`${stack.url}/api/auth/register`, { name: 'New', email, password })).status).toBe(201);
    const activation = await logLine(email, /Activate your VisualNotes account/);
    expect(activation).toContain('SMTP_URL');
    const token = ACTIVATION_LINK.exec(activation!)![1];
    expect((await post(`${stack.url}/api/auth/activate`, { token })).status).toBe(200);

    const login = await post(`${stack.url}/api/auth/login`, { email, password, fingerprint: 'laptop' });
    const { challenge } = (await login.json()) as { challenge: string };
    const codeLine = await logLine(email, /security code/);
    const code = /security code: (\d{6})/.exec(codeLine!)![1];
    const done = await post(`${stack.url}/api/auth/login/security-code`, { challenge, code });
    expect(done.status).toBe(200);
    const session = (await done.json()) as { token: string };

    for (const auth of [undefined, session.token]) {
      const headers = auth ? { authorization: `Bearer ${auth}` } : undefined;
      expect((await fetch(`${stack.url}/api/dev/outbox`, { headers })).status).toBe(404);
      expect((await post(`${stack.url}/api/auth/dev/scope`, { email, scope: ['admin'] }, auth)).status).toBe(404);
    }
  });

  it('signs up at once while the mail server is down; the activation mail arrives once it is back', async () => {
    sink = await SmtpSink.start();
    // the auth service now sends over SMTP
    const [old] = stack.copies('auth');
    const smtpCopy = await stack.startCopy('auth', { SMTP_URL: sink.url });
    await new Promise<void>((resolve) => {
      old.child.once('exit', () => resolve());
      old.child.kill('SIGTERM');
    });
    const port = sink.port;
    await sink.close();

    const email = `patient-${Date.now()}@example.test`;
    expect((await post(`${stack.url}/api/auth/register`, { name: 'Patient', email, password: 'secret123' })).status).toBe(201);
    await waitFor(() => smtpCopy.output.join('').includes(`mail to ${email} not sent yet`));

    sink = await SmtpSink.start(port);
    const token = await waitForMail((to) => sink!.read(to), email, ACTIVATION_LINK);
    expect((await post(`${stack.url}/api/auth/activate`, { token })).status).toBe(200);
  }, 120_000);
});
