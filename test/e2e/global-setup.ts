import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import globalSetup from '../global-setup';
import { REPO_ROOT, Stack } from '../../libs/testing/src';

/** End-to-end tests share one running product (built first; Nx skips what did not change). */
export default async function e2eSetup() {
  await globalSetup();
  if (!process.env.SKIP_BUILD) {
    const build = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
      cwd: REPO_ROOT,
      stdio: ['ignore', 'ignore', 'inherit'],
      // Jest sets NODE_ENV=test, which would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production', NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    if (build.status !== 0) throw new Error('The build failed');
  }
  // The product serves a copy of the built front end: a build started elsewhere meanwhile (which
  // empties frontend/dist and writes new hashed chunks) must not pull files from under the pages.
  const frontendDist = mkdtempSync(join(tmpdir(), 'vn-e2e-frontend-'));
  cpSync(join(REPO_ROOT, 'frontend/dist'), frontendDist, { recursive: true });
  process.env.E2E_FRONTEND_DIST = frontendDist;
  const stack = await Stack.start({ label: 'e2e', env: { FRONTEND_DIST: frontendDist } });
  process.env.APP_URL = stack.url;
  // where the running product listens for RPC (operator commands in tests, e.g. `npm run license`)
  process.env.STACK_REDIS_PREFIX = stack.env.REDIS_PREFIX;
  process.env.STACK_DATABASE_URL = stack.env.DATABASE_URL;
  // for tests that add copies (a second gateway) to the running product
  process.env.E2E_STACK_ENV = JSON.stringify(stack.env);
  (globalThis as Record<string, unknown>).__stack = stack;
}
