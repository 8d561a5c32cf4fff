import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Patterns } from '@visualnotes/contracts';
import { createTestEnv, signUp, tempDir, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';

const ffmpeg = process.env.FFMPEG_PATH ?? 'ffmpeg';

describe('uploads', () => {
  let t: TestEnv;
  let backend: Backend;
  let alice: SignedUp;
  let bob: SignedUp;
  let png: Buffer;

  beforeAll(async () => {
    t = await createTestEnv('uploads', { UPLOAD_LIMIT_BYTES: '65536' });
    backend = await startBackend(t.env, ['auth', 'license', 'media']);
    [alice, bob] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
    const dir = tempDir('png');
    execFileSync(ffmpeg, ['-loglevel', 'error', '-f', 'lavfi', '-i', 'color=c=red:s=32x32', '-frames:v', '1', join(dir, 'red.png')]);
    png = readFileSync(join(dir, 'red.png'));
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const storedFiles = () => {
    try {
      return readdirSync(join(t.dataDir, 'files', 'uploads')).filter((f) => !f.startsWith('.'));
    } catch {
      return [];
    }
  };

  it('stores a real image and tells its type from the content, not the name', async () => {
    const res = await request(backend.http)
      .post('/api/uploads')
      .set('authorization', `Bearer ${alice.token}`)
      .attach('file', png, { filename: 'holiday.pdf', contentType: 'application/pdf' })
      .expect(201);
    expect(res.body).toEqual({ file_id: expect.any(String), name: 'holiday.pdf', size: png.length, content_type: 'image/png' });
  });

  it('lets only the owner read the record of a file', async () => {
    const res = await request(backend.http).post('/api/uploads').set('authorization', `Bearer ${alice.token}`).attach('file', png, 'a.png').expect(201);
    const rpc = backend.services.media!.app.get((await import('@visualnotes/common')).RpcClient);
    await expect(rpc.send(Patterns.media.uploadGet, { fileId: res.body.file_id, ownerId: alice.user.id })).resolves.toMatchObject({
      content_type: 'image/png',
    });
    await expect(rpc.send(Patterns.media.uploadGet, { fileId: res.body.file_id, ownerId: bob.user.id })).rejects.toMatchObject({
      statusCode: 404,
    });
  });

  it('refuses visitors', async () => {
    const res = await request(backend.http).post('/api/uploads').attach('file', png, 'a.png').expect(401);
    expect(res.body.message).toBe('Need to log in to continue');
  });

  it('refuses an empty file, junk and a file over the limit, keeping nothing', async () => {
    const before = storedFiles().length;
    const empty = await request(backend.http)
      .post('/api/uploads')
      .set('authorization', `Bearer ${alice.token}`)
      .attach('file', Buffer.alloc(0), 'empty.txt')
      .expect(400);
    expect(empty.body.message).toBe('The file is empty');
    const junk = await request(backend.http)
      .post('/api/uploads')
      .set('authorization', `Bearer ${alice.token}`)
      .attach('file', Buffer.from([0, 1, 2, 3, 0, 255, 254, 0, 9]), 'x.bin')
      .expect(415);
    expect(junk.body.message).toBe('This kind of file is not supported');
    const big = await request(backend.http)
      .post('/api/uploads')
      .set('authorization', `Bearer ${alice.token}`)
      .attach('file', Buffer.alloc(70_000, 'a'), 'big.txt')
      .expect(413);
    expect(big.body.message).toMatch(/larger than the limit/);
    expect(storedFiles().length).toBe(before);
  });

  it('asks for the multipart field "file"', async () => {
    const res = await request(backend.http).post('/api/uploads').set('authorization', `Bearer ${alice.token}`).send({ file: 'nope' }).expect(400);
    expect(res.body.message).toContain('multipart/form-data');
  });

  it('answers malformed multipart bodies with a clear 400 and keeps nothing', async () => {
    const before = storedFiles().length;
    const post = () => request(backend.http).post('/api/uploads').set('authorization', `Bearer ${alice.token}`);
    const noBoundary = await post().set('content-type', 'multipart/form-data').send('hello').expect(400);
    expect(noBoundary.body.message).toContain('multipart/form-data');
    const onlyFields = await post().field('title', 'no file here').expect(400);
    expect(onlyFields.body.message).toBe('Send the file as multipart/form-data in the field "file"');
    const wrongField = await post().attach('document', png, 'a.png').expect(400);
    expect(wrongField.body.message).toBe('Send the file as multipart/form-data in the field "file"');
    // A body that stops in the middle of the file (no closing boundary).
    const cut = Buffer.concat([
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n'),
      png.subarray(0, 40),
    ]);
    const truncated = await post().set('content-type', 'multipart/form-data; boundary=XyZ').send(cut).expect(400);
    expect(truncated.body.message).toBe('The upload ended before the whole file arrived; please send it again');
    expect(storedFiles().length).toBe(before);
    // The gateway still works.
    await post().attach('file', png, 'after.png').expect(201);
  });

  it('reads the first file and skips any further ones', async () => {
    const res = await request(backend.http)
      .post('/api/uploads')
      .set('authorization', `Bearer ${alice.token}`)
      .field('note', 'first a field')
      .attach('file', png, 'one.png')
      .attach('file', Buffer.from('second'), 'two.txt')
      .expect(201);
    expect(res.body).toMatchObject({ name: 'one.png', size: png.length, content_type: 'image/png' });
  });
});
