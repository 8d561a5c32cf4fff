import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, logIn, REPO_ROOT, signUp, Stack, tempDir, type SignedUp } from '@visualnotes/testing';

const run = promisify(execFile);
// A real AVIF photo (ffmpeg/libaom): see services/media/src/uploads/fixtures/README.md.
const photo = readFileSync(join(REPO_ROOT, 'services/media/src/uploads/fixtures/testsrc.avif'));

/**
 * Disaster recovery as an operator does it: the running product is backed up with `npm run backup`,
 * lost, and brought back with `npm run restore` into a new, empty database and data folder, where
 * a freshly started product serves everything as it was.
 */
describe('npm run backup, then npm run restore on a new machine', () => {
  let first: Stack | undefined;
  let second: Stack | undefined;
  let target: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  afterAll(async () => {
    await first?.close();
    await second?.close();
    await target?.drop();
  });

  it('brings back the account, the project with its picture and the summary', async () => {
    first = await Stack.start({ label: 'backup' });
    const alice: SignedUp = await signUp(first.url);
    const call = async (base: string, token: string, method: string, path: string, body?: unknown) => {
      const res = await fetch(`${base}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: res.status,
        body: res.headers.get('content-type')?.startsWith('application/json') ? await res.json() : Buffer.from(await res.arrayBuffer()),
      };
    };
    const form = new FormData();
    form.append('file', new Blob([photo], { type: 'image/avif' }), 'photo.avif');
    const upload = (await (
      await fetch(`${first.url}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: form })
    ).json()) as {
      file_id: string;
      content_type: string;
    };
    const project = (await call(first.url, alice.token, 'POST', '/api/projects', { title: 'Survives everything' })).body as { id: string; version: number };
    const scene = {
      type: 'excalidraw',
      version: 2,
      elements: [{ id: 'img', type: 'image', x: 0, y: 0, width: 100, height: 100, fileId: 'f-1', status: 'saved', scale: [1, 1] }],
      appState: {},
      files: { 'f-1': { id: 'f-1', mimeType: upload.content_type, file_id: upload.file_id, created: 1 } },
    };
    expect((await call(first.url, alice.token, 'PUT', `/api/projects/${project.id}`, { scene, version: project.version })).status).toBe(200);
    const summary = (await call(first.url, alice.token, 'POST', '/api/summaries', { title: 'Pasted', text: 'A restore that was tried. '.repeat(40) })).body as {
      summary_id: string;
    };
    const saved = (await call(first.url, alice.token, 'GET', `/api/projects/${project.id}`)).body;

    // the backup is taken while the product runs, through npm as an operator would
    const backup = await run('npm', ['run', '--silent', 'backup'], {
      cwd: REPO_ROOT,
      env: { ...process.env, ...first.env, BACKUP_DIR: tempDir('e2e-backups') },
    });
    const archive = backup.stdout.trim().split('\n').at(-1)!;
    await first.close();
    first = undefined;

    // a new machine: an empty database and data folder
    target = await createTestDatabase('restored');
    const env = { DATABASE_URL: target.url, DATA_DIR: tempDir('restored') };
    const restored = await run('npm', ['run', '--silent', 'restore', '--', archive], { cwd: REPO_ROOT, env: { ...process.env, ...env } });
    expect(restored.stdout).toMatch(/Restored 5 schemas/);

    second = await Stack.start({ label: 'restored-stack', env });
    const session = await logIn(second.url, { email: alice.email, password: alice.password, fingerprint: alice.fingerprint });
    expect((await call(second.url, session.token, 'GET', `/api/projects/${project.id}`)).body).toEqual(saved);
    const image = await call(second.url, session.token, 'GET', `/api/projects/${project.id}/files/${upload.file_id}`);
    expect(image.status).toBe(200);
    expect(Buffer.compare(image.body as Buffer, photo)).toBe(0);
    const list = (await call(second.url, session.token, 'GET', '/api/summaries')).body as { items: { id: string }[] };
    expect(list.items.map((s) => s.id)).toContain(summary.summary_id);
  }, 300_000);
});
