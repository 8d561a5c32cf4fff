import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createTestDatabase, createTestRedis, tempDir, waitFor } from './infra';

export const REPO_ROOT = resolve(__dirname, '../../..');
export type ProcessName = 'gateway' | 'auth' | 'license' | 'media' | 'ai' | 'publish';
export const BACKEND: ProcessName[] = ['auth', 'license', 'media', 'ai', 'publish'];

export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolvePort(port));
    });
    server.on('error', reject);
  });
}

export interface Running {
  name: ProcessName;
  child: ChildProcess;
  output: string[];
}

/**
 * The built product started as real processes (as `npm start` does), on a database and Redis
 * database of its own. Copies of a service can be added, stopped and started again.
 */
export class Stack {
  readonly processes: Running[] = [];
  private cleanup: (() => Promise<void>)[] = [];

  private constructor(
    readonly url: string,
    readonly env: Record<string, string>,
  ) {}

  static async start(options: { env?: Record<string, string>; label?: string } = {}): Promise<Stack> {
    const db = await createTestDatabase(options.label ?? 'stack');
    const redis = await createTestRedis();
    const port = await freePort();
    const env: Record<string, string> = {
      NODE_ENV: 'test',
      // the outbox and scope routes that test accounts are made with
      TEST_ROUTES: '1',
      DATABASE_URL: db.url,
      REDIS_URL: redis.url,
      REDIS_PREFIX: redis.prefix,
      DATA_DIR: tempDir('stack'),
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000',
      EXIT_WITH_PARENT: '1',
      ...options.env,
    };
    const stack = new Stack(`http://localhost:${port}`, env);
    stack.cleanup.push(db.drop, redis.flush);
    try {
      // Start one service first so the database and migrations are created without contention.
      await stack.startCopy('auth');
      await Promise.all(BACKEND.filter((s) => s !== 'auth').map((s) => stack.startCopy(s)));
      await stack.startCopy('gateway');
      await waitFor(async () => (await fetch(`${stack.url}/api/health`)).status === 200, 60_000, 200);
    } catch (err) {
      // a copy that did not start must not leave the others running, nor the database behind
      await stack.close();
      throw err;
    }
    return stack;
  }

  /**
   * A handle on a stack started elsewhere (e.g. by the end-to-end global setup, which passes its
   * environment in `E2E_STACK_ENV`), to add copies to it; `close` stops only the copies added here.
   */
  static join(env: Record<string, string>): Stack {
    return new Stack(`http://localhost:${env.PORT}`, env);
  }

  /**
   * Starts one more gateway copy on a port of its own (sharing the stack's database and Redis) and
   * answers its URL.
   */
  async addGateway(extraEnv: Record<string, string> = {}): Promise<{ url: string; copy: Running }> {
    const port = await freePort();
    const copy = await this.startCopy('gateway', { PORT: String(port), ...extraEnv });
    return { url: `http://localhost:${port}`, copy };
  }

  /** Starts one more copy of a process and waits until it is ready. */
  async startCopy(name: ProcessName, extraEnv: Record<string, string> = {}): Promise<Running> {
    const child = spawn(process.execPath, ['--enable-source-maps', join(REPO_ROOT, 'services', name, 'dist/main.js')], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...this.env, ...extraEnv, LOG_LEVEL: extraEnv.LOG_LEVEL ?? 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const running: Running = { name, child, output: [] };
    const ready = new Promise<void>((resolveReady, reject) => {
      const onData = (chunk: Buffer) => {
        const text = chunk.toString();
        running.output.push(text);
        if (running.output.length > 20_000) running.output.shift();
        if (/service ready/.test(text)) resolveReady();
      };
      child.stdout.on('data', onData);
      child.stderr.on('data', onData);
      child.once('exit', (code) => reject(new Error(`${name} exited with ${code}: ${running.output.join('').slice(-2000)}`)));
    });
    this.processes.push(running);
    child.once('exit', () => {
      const i = this.processes.indexOf(running);
      if (i >= 0) this.processes.splice(i, 1);
    });
    await Promise.race([ready, new Promise((_, reject) => setTimeout(() => reject(new Error(`${name} did not start in 120 s`)), 120_000))]);
    return running;
  }

  copies(name: ProcessName): Running[] {
    return this.processes.filter((p) => p.name === name);
  }

  /** Stops every copy of a process (SIGTERM, then SIGKILL after 10 s). */
  async stop(name: ProcessName, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
    await Promise.all(this.copies(name).map((p) => stopProcess(p.child, signal)));
  }

  /** Stops one copy (SIGTERM, then SIGKILL after 10 s); resolves with how it ended. */
  stopCopy(copy: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
    return stopProcess(copy.child, signal).then(() => ({ code: copy.child.exitCode, signal: copy.child.signalCode }));
  }

  async close(): Promise<void> {
    await Promise.all(this.processes.map((p) => stopProcess(p.child, 'SIGTERM')));
    for (const fn of this.cleanup) await fn().catch(() => undefined);
  }
}

export function stopProcess(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((done) => {
    const kill = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(kill);
      done();
    });
    child.kill(signal);
  });
}
