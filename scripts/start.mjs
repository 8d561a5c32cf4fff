#!/usr/bin/env node
// `npm start`: builds what changed, checks PostgreSQL and Redis, then runs every service and the
// gateway (which serves the front end) at http://localhost:$PORT.
// `npm run start:<service>`: starts one more copy of that service only.
// A process that stops on its own (a crash, kill -9) is started again after a pause that doubles
// with each quick failure; the others keep serving. Ctrl+C or SIGTERM stops everything.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAndCheck, root } from './prepare.mjs';
import { ALL } from './services.mjs';
import { missingTools } from './tools.mjs';

const only = process.argv[2];
if (only && !ALL.includes(only)) {
  console.error(`Unknown service "${only}"; choose one of: ${ALL.join(', ')}`);
  process.exit(1);
}

await buildAndCheck({
  build: process.env.SKIP_BUILD !== '1',
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/visualnotes',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
});

const missing = missingTools();
if (missing) console.warn(missing);

const names = only ? [only] : ALL;
const FIRST_DELAY_MS = 1_000;
const MAX_DELAY_MS = 30_000;
/** A process that ran this long is healthy again: its next failure restarts it after FIRST_DELAY_MS. */
const STABLE_MS = 60_000;
/** Services drain for SHUTDOWN_TIMEOUT_MS (8 s by default) before exiting; then they are killed. */
const KILL_AFTER_MS = 15_000;

const processes = new Map(names.map((name) => [name, { child: undefined, startedAt: 0, delay: FIRST_DELAY_MS, timer: undefined }]));
let stopping = false;

function run(name) {
  const p = processes.get(name);
  p.timer = undefined;
  p.startedAt = Date.now();
  p.child = spawn(process.execPath, ['--enable-source-maps', join(root, 'services', name, 'dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { NODE_ENV: 'development', ...process.env },
  });
  p.child.on('exit', (code, signal) => {
    p.child = undefined;
    if (stopping) {
      exitWhenAllStopped();
      return;
    }
    if (Date.now() - p.startedAt >= STABLE_MS) p.delay = FIRST_DELAY_MS;
    const delay = p.delay;
    p.delay = Math.min(delay * 2, MAX_DELAY_MS);
    console.error(`The ${name} service stopped (${signal ?? `exit code ${code}`}); restarting it in ${delay / 1000} s.`);
    p.timer = setTimeout(() => run(name), delay);
  });
}

function exitWhenAllStopped() {
  if ([...processes.values()].every((p) => !p.child)) process.exit(0);
}

function stop() {
  if (stopping) return;
  stopping = true;
  for (const p of processes.values()) {
    clearTimeout(p.timer);
    p.child?.kill('SIGTERM');
  }
  setTimeout(() => {
    for (const p of processes.values()) p.child?.kill('SIGKILL');
    process.exit(1);
  }, KILL_AFTER_MS).unref();
  exitWhenAllStopped();
}

process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const name of names) run(name);
if (!only) {
  const port = process.env.PORT ?? 3000;
  console.log(`VisualNotes is starting at ${process.env.PUBLIC_URL ?? `http://localhost:${port}`} (Ctrl+C stops it)`);
  if (!process.env.SMTP_URL) {
    const outbox = join(process.env.DATA_DIR ?? 'data', 'outbox');
    console.log(`E-mail is not sent (SMTP_URL unset): activation links and security codes appear in this terminal and in ${outbox}`);
  }
}
