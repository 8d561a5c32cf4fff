// License figures through the gateway: device activations/s (the same device re-activating, as the
// desktop app does at start: row lock + slot check + Ed25519 signature) and entitlement look-ups/s
// (GET /api/entitlements; holdings cached in Redis for ENTITLEMENTS_CACHE_S, dropped on any license change).
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './support/measure.mjs';

const require = createRequire(import.meta.url);
const root = join(fileURLToPath(import.meta.url), '../..');

export async function run({ baseUrl, env }) {
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const { RedisQueueClient } = require(join(root, 'libs/common/dist/index.js'));
  const { Patterns } = require(join(root, 'libs/contracts/dist/index.js'));
  const account = await signUp(baseUrl);
  const client = new RedisQueueClient({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX, timeoutMs: 15_000 });
  const license = await new Promise((resolve, reject) =>
    client
      .send(Patterns.license.issue, { email: account.email, tier: 'pro_max', plan: 'lifetime', product: 'premium' })
      .subscribe({ next: resolve, error: reject }),
  );
  await client.close();

  const headers = { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' };
  const body = JSON.stringify({ key: license.key, fingerprint: 'bench-device', device: { name: 'Bench', os: 'Linux' } });
  const activate = (url) => load(url, { duration: 5, connections: 16, method: 'POST', headers, body });
  await activate(`${baseUrl}/api/licenses/activate`).catch(() => undefined); // warm-up
  const activations = await activate(`${baseUrl}/api/licenses/activate`);

  await load(`${baseUrl}/api/entitlements`, { duration: 1, headers });
  const entitlements = await load(`${baseUrl}/api/entitlements`, { duration: 5, headers });

  const s = 'licenses (through the gateway)';
  return [
    { section: s, name: 'activations/s (same device, 16 connections)', value: activations.rps, unit: 'req/s' },
    { section: s, name: 'activation p50 / p99', value: `${activations.p50} / ${activations.p99}`, unit: 'ms' },
    { section: s, name: 'activation errors', value: activations.errors, unit: '', goal: '0' },
    { section: s, name: 'GET /api/entitlements', value: entitlements.rps, unit: 'req/s' },
    { section: s, name: 'entitlements p50 / p99', value: `${entitlements.p50} / ${entitlements.p99}`, unit: 'ms' },
    { section: s, name: 'entitlement errors', value: entitlements.errors, unit: '', goal: '0' },
  ];
}
