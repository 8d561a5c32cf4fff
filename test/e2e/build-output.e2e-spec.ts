import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { REPO_ROOT } from '../../libs/testing/src';

/** What a build leaves in `dist` is what the image ships: no test, stand-in or test loader in it. */
const SHIPPED = ['ai', 'auth', 'gateway', 'license', 'media', 'publish'].map((s) => `services/${s}/dist`).concat('libs/common/dist', 'libs/contracts/dist');
const TEST_FILE = /(\.spec\.|\.int-spec\.|\.e2e-spec\.|\.testing\.|\.test-worker\.cjs$|worker-ts\.cjs$|(^|\/)testing\/)/;

function files(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)));
}

describe('the built services', () => {
  it.each(SHIPPED)('%s holds no test code', (dir) => {
    const built = files(join(REPO_ROOT, dir));
    expect(built.length).toBeGreaterThan(0);
    expect(built.filter((file) => TEST_FILE.test(file))).toEqual([]);
  });
});
