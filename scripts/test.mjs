#!/usr/bin/env node
// `npm test`: every test. Build (Nx skips what did not change), lint, type-check, format check, then
// unit + integration tests (real PostgreSQL and Redis), then end-to-end tests (the built product
// as processes, and Chromium). Ends with one line: "N passed, N failed".
// When a second Node.js build sits in `.cache/node-<major>/` (CI puts Node 24 there), the unit and
// integration tests run once more on it, so the product stays green on both runtimes.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
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
function jest(title, args, node = null) {
  const out = join(tmpdir(), `vn-jest-${process.pid}-${title.replace(/\W/g, '')}.json`);
  const command = node ? [node, [join(root, 'node_modules/jest/bin/jest.js')]] : ['npx', ['jest']];
  const ok = step(title, command[0], [...command[1], ...args, '--json', `--outputFile=${out}`, ...extra]);
  if (existsSync(out)) {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests + (ok || result.numFailedTests ? 0 : 1);
    rmSync(out);
  } else if (!ok) failed += 1;
  return ok;
}

/** Node.js builds other than the running one, unpacked under `.cache/node-<major>/`. */
function otherNodes() {
  const dir = join(root, '.cache');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /^node-\d+$/.test(name) && name !== `node-${process.versions.node.split('.')[0]}`)
    .map((name) => join(dir, name, 'bin', 'node'))
    .filter((bin) => existsSync(bin));
}

let ok = step('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=static']);
if (!ok) {
  console.log('\n0 passed, 1 failed');
  process.exit(1);
}
// Lint and type-check: with a base commit (NX_BASE, as CI sets it) only the projects that changed
// since it, through Nx (cached per project); otherwise everything.
const checks = process.env.NX_BASE
  ? [
      [
        'lint and typecheck (projects changed since NX_BASE)',
        'npx',
        ['nx', 'affected', '-t', 'lint', 'typecheck', `--base=${process.env.NX_BASE}`, '--output-style=static'],
      ],
    ]
  : [
      ['lint', 'npm', ['run', '--silent', 'lint']],
      ['typecheck', 'npm', ['run', '--silent', 'typecheck']],
    ];
// The format check starts once the whole repository has been formatted: that commit is listed in
// .git-blame-ignore-revs (so `git blame` skips it), which is the marker.
if (existsSync(join(root, '.git-blame-ignore-revs'))) checks.push(['format check', 'npm', ['run', '--silent', 'format:check']]);
for (const [title, cmd, args] of checks) {
  if (!step(title, cmd, args)) {
    ok = false;
    failed += 1;
  }
}
// --forceExit: the results are written once the tests end; a handle a failing test left open (a
// browser page, a socket) must not keep the run waiting.
ok = jest('unit and integration tests', ['--selectProjects', 'unit', 'integration', '-w', '2', '--forceExit']) && ok;
for (const node of otherNodes()) {
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  ok = jest(`unit and integration tests on Node ${version}`, ['--selectProjects', 'unit', 'integration', '-w', '2', '--forceExit'], node) && ok;
}
ok = jest('end-to-end tests', ['--selectProjects', 'e2e', '--runInBand', '--forceExit']) && ok;
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(ok && failed === 0 ? 0 : 1);
