// Shared by `npm start` and `npm run bench`: build what changed (Nx cache), then make sure
// PostgreSQL and Redis answer. Exits with one clear sentence when either step fails.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);

/** `build: false` (`SKIP_BUILD=1`) uses the existing dist folders as they are. */
export async function buildAndCheck({ databaseUrl, redisUrl, build = true }) {
  if (build) {
    const result = spawnSync('npx', ['nx', 'run-many', '-t', 'build', '--output-style=static'], {
      cwd: root,
      stdio: ['ignore', 'ignore', 'inherit'],
      env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
    });
    if (result.status !== 0) {
      console.error('The build failed; run `npm run build` to see why.');
      process.exit(1);
    }
  }
  const { checkDependencies } = require(join(root, 'libs/common/dist/preflight.js'));
  const problem = await checkDependencies(databaseUrl, redisUrl);
  if (problem) {
    console.error(problem);
    process.exit(1);
  }
}
