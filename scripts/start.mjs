#!/usr/bin/env node
// `npm start`: builds what changed, checks PostgreSQL and Redis, then runs every service and the
// gateway (which serves the front end) at http://localhost:$PORT.
// `npm run start:<service>`: starts one more copy of that service only.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { buildAndCheck, root } from './prepare.mjs';
import { ALL } from './services.mjs';

const only = process.argv[2];
if (only && !ALL.includes(only)) {
  console.error(`Unknown service "${only}"; choose one of: ${ALL.join(', ')}`);
  process.exit(1);
}

await buildAndCheck({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/visualnotes',
  redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
});

const names = only ? [only] : ALL;
const children = new Map();
let stopping = false;

function run(name) {
  const child = spawn(process.execPath, ['--enable-source-maps', join(root, 'services', name, 'dist/main.js')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: { NODE_ENV: 'development', ...process.env },
  });
  children.set(name, child);
  child.on('exit', (code, signal) => {
    children.delete(name);
    if (stopping) {
      if (!children.size) process.exit(0);
      return;
    }
    console.error(`The ${name} service stopped (${signal ?? `exit code ${code}`}); stopping the others.`);
    stop(code || 1);
  });
}

function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children.values()) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 15_000).unref();
  if (!children.size) process.exit(code);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));
for (const name of names) run(name);
if (!only) {
  const port = process.env.PORT ?? 3000;
  console.log(`VisualNotes is starting at ${process.env.PUBLIC_URL ?? `http://localhost:${port}`} (Ctrl+C stops it)`);
  if (!process.env.SMTP_URL) {
    const outbox = join(process.env.DATA_DIR ?? 'data', 'outbox');
    console.log(`E-mail is not sent (SMTP_URL unset): activation links and security codes appear in this terminal and in ${outbox}`);
  }
}
