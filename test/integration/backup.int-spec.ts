import { execFile } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Project } from '@visualnotes/contracts';
import { createTestEnv, logIn, S3StandIn, signUp, tempDir, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { Client } from 'pg';
import request from 'supertest';
import { createStorage, loadConfig, baseEnvSchema } from '../../libs/common/src';
import { startBackend, type Backend } from '../support/backend';

const ROOT = join(__dirname, '../..');
const run = promisify(execFile);
// A real AVIF photo (ffmpeg/libaom): see services/media/src/uploads/fixtures/README.md.
const photo = readFileSync(join(ROOT, 'services/media/src/uploads/fixtures/testsrc.avif'));
const SERVICES = ['auth', 'license', 'media', 'publish'] as const;

/** Runs `npm run backup` / `npm run restore` as an operator would, with the product's settings. */
async function script(name: 'backup' | 'restore', env: NodeJS.ProcessEnv, args: string[] = []) {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(ROOT, 'scripts', `${name}.mjs`), ...args], { cwd: ROOT, env, timeout: 120_000 });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code?: number; stdout?: string; stderr?: string };
    return { code: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' };
  }
}

describe.each(['local', 's3'] as const)('npm run backup / npm run restore (%s storage)', (kind) => {
  let s3: S3StandIn | undefined;
  let t: TestEnv;
  let backend: Backend | undefined;
  let alice: SignedUp;
  let env: NodeJS.ProcessEnv;
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });

  beforeAll(async () => {
    s3 = kind === 's3' ? await S3StandIn.start() : undefined;
    t = await createTestEnv(`backup-${kind}`, s3?.env ?? {});
    env = { ...t.env, BACKUP_DIR: tempDir('backups') };
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
    await s3?.close();
  });

  it('brings back accounts, projects with their images and summaries, files byte for byte', async () => {
    backend = await startBackend(t.env, [...SERVICES]);
    alice = await signUp(backend.url);
    const upload = (await request(backend.http).post('/api/uploads').set(auth(alice.token)).attach('file', photo, 'photo.avif').expect(201)).body as {
      file_id: string;
      content_type: string;
    };
    const created = (await request(backend.http).post('/api/projects').set(auth(alice.token)).send({ title: 'Kept safe' }).expect(201)).body as Project;
    const scene = {
      type: 'excalidraw',
      version: 2,
      elements: [{ id: 'img', type: 'image', x: 0, y: 0, width: 100, height: 100, fileId: 'f-1', status: 'saved', scale: [1, 1] }],
      appState: {},
      files: { 'f-1': { id: 'f-1', mimeType: upload.content_type, file_id: upload.file_id, created: 1 } },
    };
    await request(backend.http).put(`/api/projects/${created.id}`).set(auth(alice.token)).send({ scene, version: created.version }).expect(200);
    const summary = (
      await request(backend.http)
        .post('/api/summaries')
        .set(auth(alice.token))
        .send({ title: 'Pasted notes', text: 'Backups are only as good as the restore that was tried. '.repeat(20) })
        .expect(202)
    ).body as { summary_id: string };
    const before = {
      project: (await request(backend.http).get(`/api/projects/${created.id}`).set(auth(alice.token)).expect(200)).body as Project,
      summaries: (await request(backend.http).get('/api/summaries').set(auth(alice.token)).expect(200)).body as { items: { id: string; name?: string }[] },
    };
    expect(before.summaries.items.map((s) => s.id)).toContain(summary.summary_id);
    await backend.close();
    backend = undefined;

    const storage = createStorage(loadConfig(baseEnvSchema, t.env));
    const keysBefore: string[] = [];
    for await (const key of storage.keys()) keysBefore.push(key);
    expect(keysBefore.length).toBeGreaterThan(0);
    const bytesBefore = new Map<string, Buffer>();
    for (const key of keysBefore) bytesBefore.set(key, await storage.getBuffer(key));

    const backup = await script('backup', env);
    expect(backup).toMatchObject({ code: 0 });
    const archive = backup.stdout.trim().split('\n').at(-1)!;
    expect(archive).toMatch(/visualnotes-.*\.tar\.gz$/);
    const listing = (await run('tar', ['-tzf', archive])).stdout;
    expect(listing).toMatch(/^manifest\.json$/m);
    expect(listing).toMatch(/^database\.dump$/m);
    const manifest = JSON.parse((await run('tar', ['-xzOf', archive, 'manifest.json'])).stdout) as { format: number; postgres: { schemas: string[] } };
    expect(manifest.format).toBe(1);
    expect(manifest.postgres.schemas).toEqual(expect.arrayContaining([...SERVICES]));

    // A target that holds data is refused, and left as it was.
    const refused = await script('restore', env, [archive]);
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/Refusing to restore: the database already holds data .*--force/);

    // Lose everything: the service schemas and the files.
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    for (const schema of manifest.postgres.schemas) await db.query(`DROP SCHEMA "${schema}" CASCADE`);
    await db.end();
    for (const key of keysBefore) await storage.delete(key);
    if (kind === 'local') rmSync(join(t.dataDir, 'files'), { recursive: true, force: true });

    const restored = await script('restore', env, [archive]);
    expect(restored).toMatchObject({ code: 0 });
    expect(restored.stdout).toMatch(/Restored \d+ schemas .* and \d+ files/);

    const keysAfter: string[] = [];
    for await (const key of storage.keys()) keysAfter.push(key);
    expect(keysAfter.sort()).toEqual([...keysBefore].sort());
    for (const key of keysAfter) expect(Buffer.compare(await storage.getBuffer(key), bytesBefore.get(key)!)).toBe(0);

    backend = await startBackend(t.env, [...SERVICES]);
    const session = await logIn(backend.url, { email: alice.email, password: alice.password, fingerprint: alice.fingerprint });
    const project = (await request(backend.http).get(`/api/projects/${created.id}`).set(auth(session.token)).expect(200)).body as Project;
    expect(project).toEqual(before.project);
    const image = await request(backend.http).get(`/api/projects/${created.id}/files/${upload.file_id}`).set(auth(session.token)).buffer(true).expect(200);
    expect(Buffer.compare(image.body as Buffer, photo)).toBe(0);
    const summaries = (await request(backend.http).get('/api/summaries').set(auth(session.token)).expect(200)).body as {
      items: { id: string; name?: string }[];
    };
    expect(summaries.items.map((s) => [s.id, s.name])).toEqual(before.summaries.items.map((s) => [s.id, s.name]));
    await request(backend.http).get(`/api/summaries/${summary.summary_id}`).set(auth(session.token)).expect(200);
  }, 240_000);

  it('restores over data only when told to (--force)', async () => {
    await backend?.close();
    backend = undefined;
    const archives = (await run('ls', [env.BACKUP_DIR!])).stdout.trim().split('\n');
    const forced = await script('restore', env, [join(env.BACKUP_DIR!, archives[0]), '--force']);
    expect(forced).toMatchObject({ code: 0 });
  }, 120_000);
});

describe('scheduled backups kept in S3 (npm run backup -- --upload)', () => {
  let s3: S3StandIn;
  let t: TestEnv;

  beforeAll(async () => {
    s3 = await S3StandIn.start();
    t = await createTestEnv('backup-upload', s3.env);
    const backend = await startBackend(t.env, ['auth']);
    await backend.close();
  }, 60_000);
  afterAll(async () => {
    await t?.cleanup();
    await s3?.close();
  });

  it('puts each archive under backups/ and keeps the newest BACKUP_KEEP, never backing up the backups', async () => {
    const env = { ...t.env, BACKUP_DIR: tempDir('backups'), BACKUP_KEEP: '2' };
    const made: string[] = [];
    for (let i = 0; i < 3; i++) {
      const out = await script('backup', env, ['--upload']);
      expect(out).toMatchObject({ code: 0 });
      made.push(out.stdout.trim().split('\n').at(-1)!.split('/').at(-1)!);
    }
    const storage = createStorage(loadConfig(baseEnvSchema, t.env));
    const kept: string[] = [];
    for await (const key of storage.keys('backups/')) kept.push(key);
    expect(kept.sort()).toEqual(made.slice(1).map((name) => `backups/${name}`));
    // the last archive holds no file: earlier backups in the bucket are not files of the product
    const listing = (await run('tar', ['-tzf', join(env.BACKUP_DIR, made[2])])).stdout;
    expect(listing).not.toMatch(/^files/m);
  }, 120_000);
});
