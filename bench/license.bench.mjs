// License figures through the gateway: device activations/s (desktop apps re-activating at start:
// row lock + slot check + Ed25519 signature) and entitlement look-ups/s (GET /api/entitlements;
// holdings cached in Redis for ENTITLEMENTS_CACHE_S, dropped on any license change).
//
// Each connection is one person re-activating their own device with their own key, as the desktop
// app does. (One account firing 16 activations at once is what key guessing looks like: past
// KEY_GUESS_MAX look-ups under way at once the extra ones are refused with 429.)
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { load } from './support/measure.mjs';

const require = createRequire(import.meta.url);
const root = join(fileURLToPath(import.meta.url), '../..');
const CONNECTIONS = 16;

export async function run({ baseUrl, env }) {
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const { RedisQueueClient } = require(join(root, 'libs/common/dist/index.js'));
  const { Patterns } = require(join(root, 'libs/contracts/dist/index.js'));
  const client = new RedisQueueClient({ redisUrl: env.REDIS_URL, prefix: env.REDIS_PREFIX, timeoutMs: 15_000 });
  const people = [];
  try {
    for (let i = 0; i < CONNECTIONS; i++) {
      const account = await signUp(baseUrl);
      const license = await new Promise((resolve, reject) =>
        client
          .send(Patterns.license.issue, { email: account.email, tier: 'pro_max', plan: 'lifetime', product: 'premium' })
          .subscribe({ next: resolve, error: reject }),
      );
      people.push({
        headers: { authorization: `Bearer ${account.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ key: license.key, fingerprint: `bench-device-${i}`, device: { name: 'Bench', os: 'Linux' } }),
      });
    }
  } finally {
    await client.close();
  }

  // connection k is person k (autocannon sets up its connections one after another)
  let next = 0;
  const setupClient = (c) => {
    const p = people[next++ % people.length];
    c.setHeadersAndBody(p.headers, p.body);
  };
  const activate = (duration) =>
    load(`${baseUrl}/api/licenses/activate`, {
      duration,
      connections: CONNECTIONS,
      method: 'POST',
      headers: people[0].headers,
      body: people[0].body,
      setupClient,
    });
  await activate(2); // warm-up: each device takes its slot
  const activations = await activate(5);

  const headers = people[0].headers;
  await load(`${baseUrl}/api/entitlements`, { duration: 1, headers });
  const entitlements = await load(`${baseUrl}/api/entitlements`, { duration: 5, headers });

  const s = 'licenses (through the gateway)';
  return [
    { section: s, name: `activations/s (${CONNECTIONS} people, each re-activating their device)`, value: activations.rps, unit: 'req/s' },
    { section: s, name: 'activation p50 / p99', value: `${activations.p50} / ${activations.p99}`, unit: 'ms' },
    { section: s, name: 'activation errors', value: activations.errors, unit: '', goal: '0' },
    { section: s, name: 'activation answers other than 2xx', value: activations.statuses, unit: '', goal: 'none' },
    { section: s, name: 'GET /api/entitlements', value: entitlements.rps, unit: 'req/s' },
    { section: s, name: 'entitlements p50 / p99', value: `${entitlements.p50} / ${entitlements.p99}`, unit: 'ms' },
    { section: s, name: 'entitlement errors', value: entitlements.errors, unit: '', goal: '0' },
    { section: s, name: 'entitlement answers other than 2xx', value: entitlements.statuses, unit: '', goal: 'none' },
  ];
}
