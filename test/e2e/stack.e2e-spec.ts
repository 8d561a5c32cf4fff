import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { Messages } from '@visualnotes/contracts';
import {
  BACKEND,
  createTestDatabase,
  createTestRedis,
  freePort,
  REPO_ROOT,
  signUp,
  Stack,
  stopProcess,
  tempDir,
  waitFor,
  type SignedUp,
  inflatingPdf,
} from '@visualnotes/testing';

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

  it('keeps answering another user while a hostile PDF is read, and fails the PDF clearly', async () => {
    // The bound on what a page may inflate to is raised, so the built worker really reads the PDF
    // (for seconds) until its step's time limit stops it.
    await stack.stop('media');
    await stack.startCopy('media', {
      DOCUMENT_MAX_PDF_STREAM_BYTES: String(1024 * 1024 * 1024),
      DOCUMENT_READ_TIMEOUT_MS: '5000',
      DOCUMENT_READ_MS_PER_PAGE: '100',
    });
    try {
      const [reader, other] = await Promise.all([signUp(stack.url), signUp(stack.url)]);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(inflatingPdf(60 * 1024 * 1024, undefined, 8))], { type: 'application/pdf' }), 'drawing.pdf');
      const accepted = await fetch(`${stack.url}/api/summaries`, { method: 'POST', body: form, headers: { authorization: `Bearer ${reader.token}` } });
      expect(accepted.status).toBe(202);
      const { summary_id: id } = (await accepted.json()) as { summary_id: string };
      // Another user is answered the whole time the file is read, until it fails.
      const statuses: number[] = [];
      const failed = await waitFor(
        async () => {
          const res = await fetch(`${stack.url}/api/summaries/00000000-0000-0000-0000-000000000000`, { headers: { authorization: `Bearer ${other.token}` } });
          statuses.push(res.status);
          const view = (await (await fetch(`${stack.url}/api/summaries/${id}`, { headers: { authorization: `Bearer ${reader.token}` } })).json()) as {
            status: string;
            error: string | null;
          };
          return view.status === 'failed' ? view : null;
        },
        60_000,
        50,
      );
      expect(failed?.error).toBe(Messages.documentTooComplex);
      expect(statuses.length).toBeGreaterThan(10);
      expect(statuses.filter((s) => s !== 404)).toEqual([]);
      expect((await health(stack.url)).body.services.media).toBe('up');
    } finally {
      await stack.stop('media');
      await stack.startCopy('media');
    }
  }, 120_000);

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

  // On the same copy of the product as the tests above (which leave one copy of each service):
  // auth is replaced by two copies here, last, as nothing after it needs the first one.
  describe('exactly-once delivery across copies', () => {
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
      // log lines are written in blocks, within 100 ms
      await waitFor(() => handled(a) + handled(b) >= 200, 5_000, 50).catch(() => undefined);
      expect(handled(a) + handled(b)).toBe(200);
      expect(handled(a)).toBeGreaterThan(0);
      expect(handled(b)).toBeGreaterThan(0);
    }, 120_000);
  });
});

interface Outcome {
  /** which service the request needs */
  service: string;
  what: string;
  status: number;
  error?: string;
  /** when it was sent and answered (epoch ms) */
  sent: number;
  done: number;
}

/**
 * Typical requests in a loop from a few clients at once, until stopped: reads from every service,
 * document creations (media, license and the ai workers), project creations and the health check.
 */
function steadyLoad(baseUrl: () => string, user: SignedUp, clients = 2) {
  const outcomes: Outcome[] = [];
  const summaries: string[] = [];
  let running = true;
  const call = async (service: string, what: string, method: string, path: string, body?: unknown) => {
    const sent = Date.now();
    try {
      const res = await fetch(`${baseUrl()}${path}`, {
        method,
        headers: { authorization: `Bearer ${user.token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      outcomes.push({ service, what, status: res.status, sent, done: Date.now(), ...(res.ok ? {} : { error: text.slice(0, 300) }) });
      return res.ok && text ? (JSON.parse(text) as Record<string, unknown>) : undefined;
    } catch (err) {
      outcomes.push({ service, what, status: 0, error: String((err as Error).cause ?? err), sent, done: Date.now() });
      return undefined;
    }
  };
  const loop = async (n: number) => {
    for (let round = 0; running; round++) {
      await call('auth', 'user', 'GET', '/api/auth/user');
      await call('license', 'entitlements', 'GET', '/api/entitlements');
      await call('publish', 'projects', 'GET', '/api/projects');
      const created = await call('media', 'create summary', 'POST', '/api/summaries', {
        text: `Notes ${n}-${round}. Rolling restarts must not lose requests. Every copy finishes what it holds before it leaves.`,
      });
      if (created?.summary_id) {
        summaries.push(String(created.summary_id));
        await call('media', 'read summary', 'GET', `/api/summaries/${created.summary_id}`);
      }
      if (round % 5 === 0) await call('publish', 'create project', 'POST', '/api/projects', { title: `Board ${n}-${round}` });
      await call('all', 'health', 'GET', '/api/health');
      await new Promise((r) => setTimeout(r, 100)); // steady, not flat out: the machine also runs the copies being started
    }
  };
  const loops = Array.from({ length: clients }, (_, n) => loop(n));
  return {
    outcomes,
    summaries,
    /** Waits until `count` more requests have been answered (with any status) from now on. */
    answered(count: number) {
      const seen = outcomes.length;
      return waitFor(() => outcomes.length >= seen + count, 30_000, 20);
    },
    async stop() {
      running = false;
      await Promise.all(loops);
      return outcomes;
    },
  };
}

const failed = (outcomes: Outcome[]) => outcomes.filter((o) => o.status < 200 || o.status >= 300);

describe('rolling restarts under load', () => {
  let stack: Stack;
  let user: SignedUp;
  beforeAll(async () => {
    // RPC_TIMEOUT_MS: starting copies on a busy test machine must not turn slow answers into 504s
    stack = await Stack.start({ label: 'rolling', env: { FREE_DOCUMENT_SUMMARIES_PER_MONTH: '1000000', RPC_TIMEOUT_MS: '30000' } });
    user = await signUp(stack.url);
  }, 300_000);
  afterAll(() => stack?.close());

  it('stopping each service with SIGTERM in turn, a second copy running, fails no request and loses no job', async () => {
    const load = steadyLoad(() => stack.url, user);
    const stopped: { name: string; code: number | null; signal: string | null }[] = [];
    for (const name of BACKEND) {
      const [old] = stack.copies(name);
      await stack.startCopy(name);
      await load.answered(8); // requests flow through both copies
      stopped.push({ name, ...(await stack.stopCopy(old, 'SIGTERM')) });
      await load.answered(4); // and through the copy left
    }
    const outcomes = await load.stop();
    expect(failed(outcomes)).toEqual([]);
    // every copy drained and exited by itself, none had to be killed
    expect(stopped).toEqual(BACKEND.map((name) => ({ name, code: 0, signal: null })));
    // load reached every service throughout
    expect(new Set(outcomes.map((o) => o.service))).toEqual(new Set(['auth', 'license', 'publish', 'media', 'all']));
    expect(outcomes.length).toBeGreaterThan(100);
    expect(load.summaries.length).toBeGreaterThan(10);
    // every document queued during the restarts (the ai workers were restarted too) gets its summary
    const pending = new Set(load.summaries);
    await waitFor(
      async () => {
        await Promise.all(
          [...pending].map(async (id) => {
            const res = await fetch(`${stack.url}/api/summaries/${id}`, { headers: { authorization: `Bearer ${user.token}` } });
            if (((await res.json()) as { status: string }).status === 'completed') pending.delete(id);
          }),
        );
        return pending.size === 0;
      },
      120_000,
      1_000,
    );
  }, 600_000);

  it('a gateway stopped with SIGTERM takes no new connection, answers the requests in hand, and exits cleanly', async () => {
    const secondPort = await freePort();
    const [first] = stack.copies('gateway');
    await stack.startCopy('gateway', { PORT: String(secondPort) });
    const auth = { authorization: `Bearer ${user.token}` };
    const created = await fetch(`${stack.url}/api/summaries`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ text: 'A short text to read back.' }),
    });
    const { summary_id } = (await created.json()) as { summary_id: string };
    // hold the requests at the media service so they are surely in hand when the gateway stops
    // (resumed well within the 3 s after which a silent service counts as gone)
    const media = stack.copies('media');
    for (const m of media) m.child.kill('SIGSTOP');
    let inHand: Promise<number[]>;
    let probe: string;
    try {
      inHand = Promise.all(Array.from({ length: 8 }, () => fetch(`${stack.url}/api/summaries/${summary_id}`, { headers: auth }).then((r) => r.status)));
      // Nothing outside the gateway tells that a request has reached it: a moment for the eight to
      // arrive (the media copies hold them for as long as they are stopped).
      await new Promise((r) => setTimeout(r, 300));
      first.child.kill('SIGTERM');
      // the listening socket closes within moments of the signal; the requests in hand go on
      probe = (await waitFor(
        async () => {
          const answer = await newConnection(stack.url);
          return answer === 'ECONNREFUSED' ? answer : null;
        },
        2_000,
        50,
      ).catch(() => newConnection(stack.url)))!;
    } finally {
      for (const m of media) m.child.kill('SIGCONT');
    }
    expect(await inHand).toEqual(Array(8).fill(200));
    expect(probe).toBe('ECONNREFUSED');
    const exit = await new Promise<number | null>((resolve) =>
      first.child.exitCode !== null ? resolve(first.child.exitCode) : first.child.once('exit', (code) => resolve(code)),
    );
    expect(exit).toBe(0);
    // it finished by itself, not by cutting connections at the deadline
    expect(first.output.join('')).not.toMatch(/stop deadline/);
    // the other copy serves on
    const res = await fetch(`http://localhost:${secondPort}/api/summaries/${summary_id}`, { headers: auth });
    expect(res.status).toBe(200);
  }, 120_000);
});

/** Opens a fresh TCP connection (no pooled one) and asks for liveness: the status, or the error code. */
function newConnection(baseUrl: string): Promise<string> {
  return new Promise((resolve) => {
    const req = httpRequest(`${baseUrl.replace('localhost', '127.0.0.1')}/api/health/live`, { agent: false }, (res) => {
      res.resume();
      resolve(String(res.statusCode));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
    req.end();
  });
}

/** The pids of the services `npm start` runs, by name (read from their command lines). */
function childrenOf(pid: number): Map<string, number> {
  const found = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${entry}/stat`, 'utf8').split(') ')[1].split(' ')[1]);
      if (ppid !== pid) continue;
      const name = /services\/(\w+)\/dist\/main\.js/.exec(readFileSync(`/proc/${entry}/cmdline`, 'utf8'))?.[1];
      if (name) found.set(name, Number(entry));
    } catch {
      // the process ended meanwhile
    }
  }
  return found;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('npm start supervises its processes', () => {
  let supervisor: ChildProcess;
  let url: string;
  const output: string[] = [];
  let cleanup: (() => Promise<void>)[] = [];

  beforeAll(async () => {
    const db = await createTestDatabase('supervise');
    const redis = await createTestRedis();
    cleanup = [db.drop, redis.flush];
    const port = await freePort();
    url = `http://localhost:${port}`;
    supervisor = spawn(process.execPath, [join(REPO_ROOT, 'scripts/start.mjs')], {
      cwd: REPO_ROOT,
      env: {
        ...process.env,
        SKIP_BUILD: '1', // the e2e setup has built everything
        NODE_ENV: 'test',
        TEST_ROUTES: '1', // sign-ups read their activation mail from the outbox
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: db.url,
        REDIS_URL: redis.url,
        REDIS_PREFIX: redis.prefix,
        DATA_DIR: tempDir('supervise'),
        LOG_LEVEL: 'warn',
        RATE_LIMIT_MAX: '100000',
        // the steady load creates documents for as long as the test runs
        FREE_DOCUMENT_SUMMARIES_PER_MONTH: '1000000',
        EXIT_WITH_PARENT: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    supervisor.stdout!.on('data', (c: Buffer) => output.push(c.toString()));
    supervisor.stderr!.on('data', (c: Buffer) => output.push(c.toString()));
    await waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, 240_000, 500);
  }, 300_000);
  afterAll(async () => {
    if (supervisor) await stopProcess(supervisor, 'SIGTERM');
    for (const fn of cleanup) await fn().catch(() => undefined);
  });

  it('restarts a service killed with kill -9 while the others keep serving, and says so in one line', async () => {
    const user = await signUp(url);
    const load = steadyLoad(() => url, user, 2);
    await load.answered(8);
    const before = childrenOf(supervisor.pid!);
    expect([...before.keys()].sort()).toEqual([...BACKEND, 'gateway'].sort());
    const killedAt = Date.now();
    process.kill(before.get('media')!, 'SIGKILL');
    await waitFor(async () => (await fetch(`${url}/api/health`)).status === 200, 30_000, 200);
    const recoveredAt = Date.now();
    // media answers again under load before the load stops
    await waitFor(() => load.outcomes.some((o) => o.sent > recoveredAt && o.service === 'media'), 30_000, 50);
    const outcomes = await load.stop();

    expect(recoveredAt - killedAt).toBeLessThan(30_000);
    expect(output.join('')).toMatch(/The media service stopped \(SIGKILL\); restarting it in 1 s\./);
    const after = childrenOf(supervisor.pid!);
    expect(after.get('media')).not.toBe(before.get('media'));
    for (const name of ['auth', 'license', 'publish', 'gateway']) expect(after.get(name)).toBe(before.get(name));
    // requests that do not need media never fail; media's fail only until it is back
    const failures = failed(outcomes);
    expect(failures.filter((o) => o.service !== 'media' && o.service !== 'all')).toEqual([]);
    expect(failures.filter((o) => o.sent > recoveredAt)).toEqual([]);
    expect(outcomes.filter((o) => o.sent > recoveredAt && o.service === 'media').length).toBeGreaterThan(0);
  }, 120_000);

  it('stops every process cleanly on SIGTERM', async () => {
    const pids = [...childrenOf(supervisor.pid!).values()];
    expect(pids).toHaveLength(6);
    const exit = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));
    supervisor.kill('SIGTERM');
    expect(await exit).toBe(0);
    expect(pids.filter(alive)).toEqual([]);
    // no process was restarted by the stop, none had to be killed
    expect(output.join('').match(/restarting it/g)).toHaveLength(1);
    expect(output.join('')).not.toMatch(/stop did not finish in time/);
  }, 30_000);
});
