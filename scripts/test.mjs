#!/usr/bin/env node
// `npm test`: every test (see docs/testing.md). The build, lint, type-check and format check start
// side by side; the end-to-end tests (the built product as processes, and Chromium), the longest
// step, start as soon as the build is done. Beside them, once the checks are done, the unit tests
// (no database, Redis or child process) run beside the integration tests (real PostgreSQL and
// Redis). When other Node.js builds sit in `.cache/node-<major>/` (CI puts Node 24 there), the unit
// tests run once more on each and the integration tests run on the newest instead of the running
// one, so every supported runtime is exercised. Ends with a table of when each step started and
// how long it took, and one line: "N passed, N failed".
// TEST_SERIAL=1 runs every step one after another (slower; for telling apart what a failure needs).
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', FORCE_COLOR: process.env.FORCE_COLOR ?? '0' };
const extra = process.argv.slice(2);
const serial = process.env.TEST_SERIAL === '1';
const begun = Date.now();
const times = [];
const seconds = (ms) => Math.round(ms / 1000);

/**
 * Runs one step. Alone, its output goes straight to the terminal; next to other steps, to a log
 * printed in one piece when it ends, so the outputs of steps never interleave.
 */
function step(title, cmd, args, { alone = true, stepEnv = {} } = {}) {
  const started = Date.now();
  const log = alone ? null : join(tmpdir(), `vn-test-${process.pid}-${title.replace(/\W/g, '')}.log`);
  console.log(alone ? `\n=== ${title}` : `=== ${title}: started`);
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env: { ...env, ...stepEnv }, stdio: alone ? 'inherit' : ['ignore', 'pipe', 'pipe'] });
    if (log) {
      const out = createWriteStream(log);
      child.stdout.pipe(out);
      child.stderr.pipe(out);
    }
    child.on('close', (code) => {
      const ok = code === 0;
      const took = Date.now() - started;
      times.push({ title, ok, start: started - begun, took });
      if (log) {
        console.log(`\n=== ${title}`);
        process.stdout.write(readFileSync(log, 'utf8'));
        rmSync(log, { force: true });
      }
      console.log(`=== ${title}: ${ok ? 'ok' : 'FAILED'} in ${seconds(took)} s`);
      resolve(ok);
    });
  });
}

let passed = 0;
let failed = 0;
async function jest(title, args, { node = null, alone = true, stepEnv = {} } = {}) {
  const out = join(tmpdir(), `vn-jest-${process.pid}-${title.replace(/\W/g, '')}.json`);
  const command = node ? [node, [join(root, 'node_modules/jest/bin/jest.js')]] : [process.execPath, [join(root, 'node_modules/jest/bin/jest.js')]];
  const ok = await step(title, command[0], [...command[1], ...args, '--json', `--outputFile=${out}`, ...extra], { alone, stepEnv });
  if (existsSync(out)) {
    const result = JSON.parse(readFileSync(out, 'utf8'));
    passed += result.numPassedTests;
    failed += result.numFailedTests + (ok || result.numFailedTests ? 0 : 1);
    rmSync(out);
  } else if (!ok) failed += 1;
  return ok;
}

/** Runs the given steps side by side (one after another with TEST_SERIAL=1); true when all pass. */
async function together(...runs) {
  if (serial) {
    let ok = true;
    for (const run of runs) ok = (await run(true)) && ok;
    return ok;
  }
  return (await Promise.all(runs.map((run) => run(false)))).every(Boolean);
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

function finish(ok) {
  console.log('\nstep                                              start      took');
  for (const t of times.sort((a, b) => a.start - b.start))
    console.log(`${`${t.ok ? '  ' : '! '}${t.title}`.padEnd(48)} ${`${seconds(t.start)} s`.padStart(8)} ${`${seconds(t.took)} s`.padStart(9)}`);
  console.log(`${'total'.padEnd(48)} ${''.padStart(8)} ${`${seconds(Date.now() - begun)} s`.padStart(9)}`);
  console.log(`\n${passed} passed, ${failed} failed`);
  process.exit(ok && failed === 0 ? 0 : 1);
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

// Node.js builds beside the running one: the unit tests run on each; the integration tests run
// once, on the newest (Node 24 in CI), so with the end-to-end tests on the running Node 20 every
// runtime the product supports is covered without running the slow integration layer twice.
const others = otherNodes()
  .map((node) => ({ node, version: spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim() }))
  .sort((a, b) => Number(b.version.slice(1).split('.')[0]) - Number(a.version.slice(1).split('.')[0]));
const integrationNode = others[0] ?? null;

const build = (alone) => step('build', 'npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], { alone });
const check =
  ([title, cmd, args]) =>
  async (alone) => {
    const passes = await step(title, cmd, args, { alone });
    if (!passes) failed += 1;
    return passes;
  };
// --forceExit: the results are written once the tests end; a handle a failing test left open (a
// browser page, a socket) must not keep the run waiting.
// The end-to-end set-up starts the product built above (SKIP_BUILD: it would build it again).
const e2e = (alone) => jest('end-to-end tests', ['--selectProjects', 'e2e', '--runInBand', '--forceExit'], { alone, stepEnv: { SKIP_BUILD: '1' } });
const unit = (alone) => jest('unit tests', ['--selectProjects', 'unit', '-w', '2', '--forceExit'], { alone });
const unitOn =
  ({ node, version }) =>
  (alone) =>
    jest(`unit tests on Node ${version}`, ['--selectProjects', 'unit', '-w', '2', '--forceExit'], { node, alone });
const integration = (alone) =>
  jest(`integration tests${integrationNode ? ` on Node ${integrationNode.version}` : ''}`, ['--selectProjects', 'integration', '-w', '2', '--forceExit'], {
    node: integrationNode?.node,
    alone,
  });

let ok = true;
if (serial) {
  // One step after another, in the order a failure is easiest to read.
  const built = await build(true);
  for (const run of checks.map(check)) ok = (await run(true)) && ok;
  ok = (await unit(true)) && ok;
  for (const other of others) ok = (await unitOn(other)(true)) && ok;
  ok = (await integration(true)) && ok;
  if (built) ok = (await e2e(true)) && ok;
  else failed += 1;
  finish(ok && built);
} else {
  // Two lanes. The end-to-end tests are the longest step and mostly wait on processes and the
  // browser: they start as soon as the build is done. Beside them, the checks (which read only
  // sources) run while the product starts; then the unit tests on each Node.js and the integration
  // tests (which read the built front end the gateway serves, so they wait for the build too).
  const built = build(false);
  const endToEnd = built.then((done) => {
    if (done) return e2e(false);
    failed += 1;
    return false;
  });
  // The second lane runs its test layers one after another: beside the end-to-end tests, a third
  // Jest run at once would leave the two processors so oversubscribed that waits time out.
  const rest = Promise.all([built, together(...checks.map(check))]).then(async ([done, checked]) => {
    let passes = await unit(false);
    for (const other of others) passes = (await unitOn(other)(false)) && passes;
    passes = (await integration(false)) && passes;
    return done && checked && passes;
  });
  ok = (await Promise.all([endToEnd, rest])).every(Boolean);
  finish(ok);
}
