// Accounts figures: login latency and throughput at the configured argon2id cost, and
// GET /api/auth/user (token verified in the gateway, one RPC for the user row) against the
// gateway's no-RPC API endpoint (GET /api/health/gateway: same pipeline, no token); the same route
// on a gateway copy that checks revoked sessions (10,000 of them listed) against a copy that does
// not; forgot-password for an existing against an unknown address.
import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, load, percentile, timed } from './support/measure.mjs';

const require = createRequire(import.meta.url);
const root = join(fileURLToPath(import.meta.url), '../..');

export async function run({ baseUrl, env, stack }) {
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const account = await signUp(baseUrl);
  const body = JSON.stringify({ email: account.email, password: account.password, fingerprint: account.fingerprint });
  const login = () =>
    fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then(async (r) => {
      if (r.status !== 200) throw new Error(`login answered ${r.status}`);
      await r.arrayBuffer();
    });

  for (let i = 0; i < 5; i++) await login(); // warm-up
  const latencies = [];
  for (let i = 0; i < 60; i++) latencies.push(await timed(login));
  latencies.sort((a, b) => a - b);

  const loginLoad = await load(`${baseUrl}/api/auth/login`, {
    duration: 5,
    connections: 4,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body,
  });

  const auth = { authorization: `Bearer ${account.token}` };
  // alternated and the best of two kept: the machine is shared, and noise should not pick the winner
  const runs = { user: [], live: [] };
  await load(`${baseUrl}/api/auth/user`, { duration: 1, headers: auth });
  await load(`${baseUrl}/api/health/gateway`, { duration: 1 });
  for (let i = 0; i < 2; i++) {
    runs.live.push(await load(`${baseUrl}/api/health/gateway`, { duration: 3 }));
    runs.user.push(await load(`${baseUrl}/api/auth/user`, { duration: 3, headers: auth }));
  }
  const best = (xs) => xs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const user = best(runs.user);
  const live = best(runs.live);
  if (user.errors) throw new Error(`GET /api/auth/user had ${user.errors} errors`);

  const revocation = await revocationCost({ env, stack, auth });
  const forgot = await forgotTiming(baseUrl, account.email);

  const s = 'accounts (argon2id m=19 MiB, t=2, p=1)';
  return [
    { section: s, name: 'login p50 (sequential, known device)', value: percentile(latencies, 50), unit: 'ms' },
    { section: s, name: 'login p99 (sequential, known device)', value: percentile(latencies, 99), unit: 'ms' },
    { section: s, name: "logins/s (4 connections: in flight, tries count against one address's allowance of 5)", value: loginLoad.rps, unit: 'req/s' },
    { section: s, name: 'login errors under load', value: loginLoad.errors, unit: '' },
    { section: s, name: 'GET /api/auth/user', value: user.rps, unit: 'req/s' },
    { section: s, name: 'GET /api/health/gateway (no RPC, no token)', value: live.rps, unit: 'req/s' },
    { section: s, name: 'auth/user / health/gateway', value: user.rps / live.rps, unit: '×', goal: '≥ 0.8' },
    { section: s, name: 'GET /api/auth/user, revoked-session check (10,000 listed)', value: revocation.with.rps, unit: 'req/s' },
    { section: s, name: 'GET /api/auth/user, no revoked-session check', value: revocation.without.rps, unit: 'req/s' },
    { section: s, name: 'with check / without', value: revocation.with.rps / revocation.without.rps, unit: '×', goal: '≥ 0.9' },
    { section: s, name: 'forgot-password p50, existing account', value: forgot.known, unit: 'ms' },
    { section: s, name: 'forgot-password p50, unknown address', value: forgot.unknown, unit: 'ms' },
    { section: s, name: 'forgot-password existing / unknown', value: forgot.known / forgot.unknown, unit: '×', goal: '≈ 1' },
  ];
}

/**
 * Two more gateway copies on the same stack, one with the revoked-session check switched off
 * (bench/support/without-revocation-check.cjs), loaded in turns; the better of three runs each.
 */
async function revocationCost({ env, stack, auth }) {
  const Redis = require(join(root, 'node_modules/ioredis')).default;
  const redis = new Redis(env.REDIS_URL);
  const key = `${env.REDIS_PREFIX}:auth:revoked-sessions`;
  const until = String(Date.now() + 15 * 60_000);
  for (let i = 0; i < 10; i++) {
    const multi = redis.multi();
    for (let j = 0; j < 1000; j++) multi.xadd(key, '*', 'sid', randomUUID(), 'until', until);
    await multi.exec();
  }
  redis.disconnect();
  const [withPort, withoutPort] = [await freePort(), await freePort()];
  await stack.startCopy('gateway', { PORT: String(withPort) });
  const patch = join(root, 'bench/support/without-revocation-check.cjs');
  await stack.startCopy('gateway', { PORT: String(withoutPort), NODE_OPTIONS: `--require ${patch}` });
  const url = (port) => `http://127.0.0.1:${port}/api/auth/user`;
  await load(url(withPort), { duration: 1, headers: auth });
  await load(url(withoutPort), { duration: 1, headers: auth });
  const runs = { with: [], without: [] };
  for (let i = 0; i < 3; i++) {
    runs.without.push(await load(url(withoutPort), { duration: 3, headers: auth }));
    runs.with.push(await load(url(withPort), { duration: 3, headers: auth }));
  }
  const best = (xs) => xs.reduce((a, b) => (b.rps > a.rps ? b : a));
  const result = { with: best(runs.with), without: best(runs.without) };
  if (result.with.errors || result.without.errors) throw new Error('GET /api/auth/user had errors on the extra gateway copies');
  return result;
}

/** Median time of POST /api/auth/password/forgot for an existing account and an unknown address, in turns. */
async function forgotTiming(baseUrl, email) {
  const forgot = (address) =>
    timed(() =>
      fetch(`${baseUrl}/api/auth/password/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: address }),
      }).then(async (r) => {
        if (r.status !== 202) throw new Error(`forgot-password answered ${r.status}`);
        await r.arrayBuffer();
      }),
    );
  const known = [];
  const unknown = [];
  for (let i = 0; i < 40; i++) {
    known.push(await forgot(email));
    unknown.push(await forgot(`nobody-${i}@example.test`));
  }
  known.sort((a, b) => a - b);
  unknown.sort((a, b) => a - b);
  return { known: percentile(known, 50), unknown: percentile(unknown, 50) };
}
