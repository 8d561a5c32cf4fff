import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { Messages } from '@visualnotes/contracts';
import { REPO_ROOT, signUp, Stack, waitFor } from '@visualnotes/testing';
import { inflatingPdf } from '../../services/media/src/documents/testing/fixtures';

const health = async (url: string) => {
  const res = await fetch(`${url}/api/health`);
  return { status: res.status, body: (await res.json()) as { services: Record<string, string>; down?: string[] } };
};

function runService(name: string, env: Record<string, string>) {
  return spawnSync(process.execPath, [join(REPO_ROOT, 'services', name, 'dist/main.js')], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

describe('the product as processes', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start({ label: 'stack' });
  }, 120_000);
  afterAll(() => stack?.close());

  it('starts every service and the gateway, all healthy', async () => {
    const { status, body } = await health(stack.url);
    expect(status).toBe(200);
    expect(body.services).toEqual({ auth: 'up', license: 'up', media: 'up', ai: 'up', publish: 'up' });
  });

  it('answers 503 naming a stopped service at once, and recovers when it is back', async () => {
    await stack.stop('media');
    const down = await health(stack.url);
    expect(down.status).toBe(503);
    expect(down.body.down).toEqual(['media']);
    await stack.startCopy('media');
    await waitFor(async () => (await health(stack.url)).status === 200, 10_000);
  }, 60_000);

  it('notices a copy that died without a goodbye (kill -9) within seconds', async () => {
    await stack.stop('publish', 'SIGKILL');
    const started = Date.now();
    await waitFor(async () => (await health(stack.url)).body.services.publish === 'down', 10_000, 250);
    expect(Date.now() - started).toBeLessThan(6_000);
    await stack.startCopy('publish');
    await waitFor(async () => (await health(stack.url)).status === 200, 10_000);
  }, 60_000);

  it('keeps answering another user while a hostile PDF is read, and refuses the PDF clearly', async () => {
    // The bound on what a page may inflate to is raised, so the built worker really reads the PDF
    // (for seconds) until the time limit stops it.
    await stack.stop('media');
    await stack.startCopy('media', { DOCUMENT_MAX_PDF_STREAM_BYTES: String(1024 * 1024 * 1024), DOCUMENT_READ_TIMEOUT_MS: '5000' });
    try {
      const [reader, other] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
      const form = new FormData();
      form.append('file', new Blob([inflatingPdf(60 * 1024 * 1024)], { type: 'application/pdf' }), 'drawing.pdf');
      let reading = true;
      const upload = fetch(`${stack.url}/api/summaries`, { method: 'POST', body: form, headers: { authorization: `Bearer ${reader.token}` } }).finally(
        () => (reading = false),
      );
      const statuses: number[] = [];
      while (reading) {
        const res = await fetch(`${stack.url}/api/summaries/00000000-0000-0000-0000-000000000000`, { headers: { authorization: `Bearer ${other.token}` } });
        statuses.push(res.status);
        await new Promise((r) => setTimeout(r, 50));
      }
      const res = await upload;
      expect(res.status).toBe(422);
      expect(await res.json()).toEqual({ statusCode: 422, message: Messages.documentTooComplex });
      expect(statuses.length).toBeGreaterThan(10);
      expect(statuses.filter((s) => s !== 404)).toEqual([]);
      expect((await health(stack.url)).body.services.media).toBe('up');
    } finally {
      await stack.stop('media');
      await stack.startCopy('media');
    }
  }, 90_000);

  it('refuses bad configuration with one line naming the variable', () => {
    const r = runService('auth', { REDIS_URL: 'not-a-url' });
    expect(r.status).toBe(1);
    expect(r.stderr.trim()).toMatch(/^Invalid configuration: REDIS_URL/);
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
  });

  it('says in one sentence how to start PostgreSQL when it is missing', () => {
    const r = runService('license', { DATABASE_URL: 'postgres://postgres@127.0.0.1:1/visualnotes' });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('PostgreSQL at 127.0.0.1:1');
    expect(lines[0]).toContain('docker compose up -d postgres redis');
  });
});

describe('exactly-once delivery across copies', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await Stack.start({ label: 'once' });
  }, 120_000);
  afterAll(() => stack?.close());

  it('200 parallel registrations through two copies of auth create exactly 200 accounts, and both copies work', async () => {
    await stack.stop('auth');
    const [a, b] = [await stack.startCopy('auth', { LOG_LEVEL: 'debug' }), await stack.startCopy('auth', { LOG_LEVEL: 'debug' })];
    const run = Date.now().toString(36);
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        fetch(`${stack.url}/api/auth/register`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ name: `User ${i}`, email: `once-${run}-${i}@example.test`, password: `Passw0rd-${i}` }),
        }),
      ),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(200).fill(201));
    const { Client } = await import('pg');
    const db = new Client({ connectionString: stack.env.DATABASE_URL });
    await db.connect();
    const { rows } = await db.query(`SELECT count(*)::int AS n FROM auth.users WHERE email LIKE $1`, [`once-${run}-%`]);
    await db.end();
    expect(rows[0].n).toBe(200);
    const handled = (copy: typeof a) => copy.output.join('').split('rpc handled auth.register').length - 1;
    expect(handled(a) + handled(b)).toBe(200);
    expect(handled(a)).toBeGreaterThan(0);
    expect(handled(b)).toBeGreaterThan(0);
  }, 120_000);
});
