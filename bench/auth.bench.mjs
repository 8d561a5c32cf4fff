// Accounts figures: login latency and throughput at the configured argon2id cost, and
// GET /api/auth/user (token verified in the gateway, one RPC for the user row) against the
// gateway's no-RPC API endpoint (GET /api/health/gateway: same pipeline, no token).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load, percentile, timed } from './support/measure.mjs';

const require = createRequire(import.meta.url);
const root = join(fileURLToPath(import.meta.url), '../..');

export async function run({ baseUrl }) {
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
    connections: 8,
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

  const s = 'accounts (argon2id m=19 MiB, t=2, p=1)';
  return [
    { section: s, name: 'login p50 (sequential, known device)', value: percentile(latencies, 50), unit: 'ms' },
    { section: s, name: 'login p99 (sequential, known device)', value: percentile(latencies, 99), unit: 'ms' },
    { section: s, name: 'logins/s (8 connections)', value: loginLoad.rps, unit: 'req/s' },
    { section: s, name: 'login errors under load', value: loginLoad.errors, unit: '' },
    { section: s, name: 'GET /api/auth/user', value: user.rps, unit: 'req/s' },
    { section: s, name: 'GET /api/health/gateway (no RPC, no token)', value: live.rps, unit: 'req/s' },
    { section: s, name: 'auth/user / health/gateway', value: user.rps / live.rps, unit: '×', goal: '≥ 0.8' },
  ];
}
