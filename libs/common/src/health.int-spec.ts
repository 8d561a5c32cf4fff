import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Client } from 'pg';
import { createTestEnv, freePort, type TestEnv } from '@visualnotes/testing';
import { definitions } from '../../../test/support/backend';
import { HealthProbes } from './health';
import { createServiceApp, type ServiceApp } from './service';

async function get(url: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(url);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

describe('health probes on the metrics port', () => {
  let t: TestEnv;
  let service: ServiceApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestEnv('health');
    port = await freePort();
    service = (await createServiceApp(definitions.publish as never, { ...t.env, METRICS_PORT: String(port) })) as ServiceApp;
  }, 60_000);
  afterAll(async () => {
    await service?.app.close();
    await t?.cleanup();
  });

  it('says a running service is live and ready, with PostgreSQL and Redis up', async () => {
    await expect(get(`http://127.0.0.1:${port}/health/live`)).resolves.toEqual({ status: 200, body: { status: 'live' } });
    await expect(get(`http://127.0.0.1:${port}/health/ready`)).resolves.toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'up', redis: 'up' } },
    });
    // The metrics are still where they were.
    const metrics = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(metrics.status).toBe(200);
    expect(await metrics.text()).toContain('service="publish"');
  });

  describe('a dependency that does not answer', () => {
    let server: Server;
    let url: string;
    beforeAll(async () => {
      const deadPort = await freePort();
      const probes = new HealthProbes(
        {
          database: async () => {
            const c = new Client({ connectionString: `postgres://postgres@127.0.0.1:${deadPort}/x`, connectionTimeoutMillis: 1_000 });
            try {
              await c.connect();
            } finally {
              await c.end().catch(() => undefined);
            }
          },
          redis: () => new Promise(() => undefined),
        },
        300,
      );
      server = createServer((req, res) => {
        if (!probes.handle(req, res)) res.writeHead(404).end();
      });
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(() => new Promise<void>((r) => server.close(() => r())));

    it('makes the copy not ready (503, naming it) while it stays live', async () => {
      await expect(get(`${url}/health/ready`)).resolves.toEqual({
        status: 503,
        body: { status: 'not ready', checks: { database: 'down', redis: 'down' } },
      });
      await expect(get(`${url}/health/live`)).resolves.toMatchObject({ status: 200 });
      await expect(get(`${url}/elsewhere`)).resolves.toMatchObject({ status: 404 });
    });
  });
});
