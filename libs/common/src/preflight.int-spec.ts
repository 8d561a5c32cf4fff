import { freePort, S3StandIn } from '@visualnotes/testing';
import { baseEnvSchema, loadConfig } from './config';
import { checkStorage } from './preflight';

const config = (env: Record<string, string>) => loadConfig(baseEnvSchema, env);

describe('checkStorage (start-up check of file storage)', () => {
  let s3: S3StandIn;
  beforeAll(async () => {
    s3 = await S3StandIn.start();
  });
  afterAll(async () => {
    await s3?.close();
  });

  it('refuses a production ai worker on local storage, saying what to set', async () => {
    const problem = await checkStorage('ai', config({ NODE_ENV: 'production' }));
    expect(problem).toBe(
      'The ai worker cannot use local storage in production (it reads files other machines wrote): set STORAGE=s3 and S3_BUCKET, S3_ENDPOINT (unless it is AWS), S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    );
  });

  it('lets local storage be in development, and for the other services in production', async () => {
    await expect(checkStorage('ai', config({ NODE_ENV: 'development' }))).resolves.toBeNull();
    await expect(checkStorage('media', config({ NODE_ENV: 'production' }))).resolves.toBeNull();
  });

  it('accepts a reachable bucket', async () => {
    await expect(checkStorage('ai', config({ NODE_ENV: 'production', ...s3.env }))).resolves.toBeNull();
  });

  it('names an unreachable server, a missing bucket and refused credentials in one sentence', async () => {
    const port = await freePort();
    const down = await checkStorage('ai', config({ ...s3.env, S3_ENDPOINT: `http://127.0.0.1:${port}` }));
    expect(down).toBe(
      `Cannot use the S3 bucket "visualnotes" at http://127.0.0.1:${port} (no answer): check S3_BUCKET, S3_ENDPOINT (unless it is AWS), S3_REGION, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.`,
    );
    const missing = await checkStorage('ai', config({ ...s3.env, S3_BUCKET: 'no-such-bucket' }));
    expect(missing).toMatch(/^Cannot use the S3 bucket "no-such-bucket" at .* \(no such bucket\): check S3_BUCKET/);
    const denied = await checkStorage('ai', config({ ...s3.env, S3_ACCESS_KEY_ID: 'nobody' }));
    expect(denied).toMatch(/\(access denied\)/);
    expect(await checkStorage('ai', config({ STORAGE: 's3' }))).toMatch(/^STORAGE=s3 needs a bucket: set S3_BUCKET/);
  });
});
