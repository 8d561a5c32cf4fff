#!/usr/bin/env node
// `npm test`: every test. Build (Nx skips what did not change), type-check, then
// unit + integration tests (real PostgreSQL and Redis), then end-to-end tests (the built product
// as processes, and Chromium). Ends with one line: "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const extra = process.argv.slice(2);

function step(title, cmd, args) {
  console.log(`\n=== ${title}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  console.log(`=== ${title}: ${r.status === 0 ? 'ok' : 'FAILED'} in ${Math.round((Date.now() - started) / 1000)} s`);
  return r.status === 0;
}

let passed = 0;
let failed = 0;
function jest(title, args) {
  const out = join(tmpdir(), `vn-jest-${process.pid}-${title.replace(/\W/g, '')}.json`);
  const ok = step(title, 'npx', ['jest', ...args, '--json', `--outputFile=${out}`, ...extra]);
  if (existsSync(out)) {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests + (ok || result.numFailedTests ? 0 : 1);
    rmSync(out);
  } else if (!ok) failed += 1;
  return ok;
}

let ok = step('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']);
if (!ok) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
ok = step('typecheck', 'npm', ['run', '--silent', 'typecheck']) && ok;
if (!ok) failed += 1;
// --forceExit: the results are written once the tests end; a handle a failing test left open (a
// browser page, a socket) must not keep the run waiting.
ok = jest('unit and integration tests', ['--selectProjects', 'unit', 'integration', '-w', '2', '--forceExit']) && ok;
ok = jest('end-to-end tests', ['--selectProjects', 'e2e', '--runInBand', '--forceExit']) && ok;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
