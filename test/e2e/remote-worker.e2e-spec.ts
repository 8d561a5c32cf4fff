import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort, REPO_ROOT } from '@visualnotes/testing';

/**
 * `npm run start:ai` on a machine of its own, as an operator starts it: the built ai service
 * refuses storage it cannot share, with one sentence saying what to set, and exit code 1.
 */
function startAi(env: Record<string, string>): Promise<{ code: number | null; lines: string[] }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(REPO_ROOT, 'services/ai/dist/main.js')], {
      cwd: REPO_ROOT,
      // NODE_NO_WARNINGS: Node's own warnings (e.g. a library's note about the Node version) are not the service's output.
      env: {
        PATH: process.env.PATH ?? '',
        NODE_NO_WARNINGS: '1',
        DATABASE_URL: process.env.STACK_DATABASE_URL ?? '',
        REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (out += c.toString()));
    const kill = setTimeout(() => child.kill('SIGKILL'), 30_000);
    child.on('exit', (code) => {
      clearTimeout(kill);
      resolve({ code, lines: out.trim().split('\n') });
    });
  });
}

describe('a remote ai worker', () => {
  it('refuses local storage in production with one sentence', async () => {
    const { code, lines } = await startAi({ NODE_ENV: 'production', STORAGE: 'local' });
    expect(code).toBe(1);
    expect(lines).toEqual([
      'The ai worker cannot use local storage in production (it reads files other machines wrote): set STORAGE=s3 and S3_BUCKET, S3_ENDPOINT (unless it is AWS), S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    ]);
  });

  it('refuses an unreachable bucket with one sentence', async () => {
    const port = await freePort();
    const { code, lines } = await startAi({
      NODE_ENV: 'production',
      STORAGE: 's3',
      S3_BUCKET: 'visualnotes',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: 'k',
      S3_SECRET_ACCESS_KEY: 's',
    });
    expect(code).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^Cannot use the S3 bucket "visualnotes" at http://127\\.0\\.0\\.1:${port} \\(no answer\\): check S3_BUCKET`));
  });
});
