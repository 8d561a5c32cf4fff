import { randomBytes } from 'node:crypto';
import type { LoginSuccess, OutboxMail, PublicUser } from '@visualnotes/contracts';
import { waitFor } from './infra';

export interface SignUpOptions {
  email?: string;
  password?: string;
  name?: string;
  /** Set through the development-only route before logging in (e.g. `['admin']`). */
  scope?: string[] | Record<string, boolean>;
  fingerprint?: string;
  /** Where mails are read; default the gateway's development outbox. */
  readMails?: (to: string) => Promise<Pick<OutboxMail, 'subject' | 'text'>[]>;
}

export interface SignedUp {
  token: string;
  refresh_token: string;
  user: PublicUser;
  email: string;
  password: string;
  fingerprint: string;
}

async function call<T>(baseUrl: string, method: string, path: string, body?: unknown, token?: string): Promise<{ status: number; body: T }> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : undefined) as T };
}

export function outboxReader(baseUrl: string) {
  return async (to: string) => {
    const res = await call<OutboxMail[]>(baseUrl, 'GET', `/api/dev/outbox?to=${encodeURIComponent(to)}`);
    if (res.status !== 200) throw new Error(`outbox answered ${res.status}`);
    return res.body;
  };
}

/** Waits for a mail to `to` whose text matches `pattern` and is not among `seen`; returns the first group. */
export async function waitForMail(
  read: (to: string) => Promise<Pick<OutboxMail, 'subject' | 'text'>[]>,
  to: string,
  pattern: RegExp,
  skip = 0,
): Promise<string> {
  return (await waitFor(
    async () => {
      const matches = (await read(to)).map((m) => pattern.exec(m.text)).filter((m): m is RegExpExecArray => !!m);
      // mails come newest first: `skip` ignores matches already used before
      return matches.length > skip ? matches[0][1] : null;
    },
    15_000,
    100,
  )) as string;
}

export const ACTIVATION_LINK = /\/user\/confirm\?token=([A-Za-z0-9_-]+)/;
export const SECURITY_CODE = /\b(\d{6})\b/;

/**
 * A real, activated account through the public HTTP flow: register, open the activation link of
 * the mail, log in with a device fingerprint and enter the e-mailed security code when asked.
 */
export async function signUp(baseUrl: string, options: SignUpOptions = {}): Promise<SignedUp> {
  const id = randomBytes(6).toString('hex');
  const email = (options.email ?? `user-${id}@example.test`).toLowerCase();
  const password = options.password ?? `Passw0rd-${id}`;
  const name = options.name ?? `Test User ${id.slice(0, 4)}`;
  const fingerprint = options.fingerprint ?? `fp-${id}`;
  const read = options.readMails ?? outboxReader(baseUrl);

  const reg = await call<unknown>(baseUrl, 'POST', '/api/auth/register', { name, email, password });
  if (reg.status !== 201) throw new Error(`register answered ${reg.status}: ${JSON.stringify(reg.body)}`);
  const activation = await waitForMail(read, email, ACTIVATION_LINK);
  const act = await call<unknown>(baseUrl, 'POST', '/api/auth/activate', { token: activation });
  if (act.status !== 200) throw new Error(`activate answered ${act.status}: ${JSON.stringify(act.body)}`);
  if (options.scope) {
    const sc = await call<unknown>(baseUrl, 'POST', '/api/auth/dev/scope', { email, scope: options.scope });
    if (sc.status !== 200) throw new Error(`dev scope answered ${sc.status}: ${JSON.stringify(sc.body)}`);
  }
  const session = await logIn(baseUrl, { email, password, fingerprint, readMails: read });
  return { ...session, email, password, fingerprint };
}

/** Logs in over HTTP, answering the new-device security code from the mails when asked. */
export async function logIn(
  baseUrl: string,
  o: { email: string; password: string; fingerprint: string; readMails?: SignUpOptions['readMails'] },
): Promise<LoginSuccess> {
  const read = o.readMails ?? outboxReader(baseUrl);
  const before = (await read(o.email)).filter((m) => /security code/i.test(m.subject)).length;
  const login = await call<LoginSuccess | { security_code_required: true; challenge: string }>(baseUrl, 'POST', '/api/auth/login', {
    email: o.email,
    password: o.password,
    fingerprint: o.fingerprint,
  });
  if (login.status !== 200) throw new Error(`login answered ${login.status}: ${JSON.stringify(login.body)}`);
  if (!('security_code_required' in login.body)) return login.body;
  const code = (await waitFor(
    async () => {
      const mails = (await read(o.email)).filter((m) => /security code/i.test(m.subject));
      return mails.length > before ? (SECURITY_CODE.exec(mails[0].text)?.[1] ?? null) : null;
    },
    15_000,
    100,
  )) as string;
  const done = await call<LoginSuccess>(baseUrl, 'POST', '/api/auth/login/security-code', { challenge: login.body.challenge, code });
  if (done.status !== 200) throw new Error(`security code answered ${done.status}: ${JSON.stringify(done.body)}`);
  return done.body;
}
