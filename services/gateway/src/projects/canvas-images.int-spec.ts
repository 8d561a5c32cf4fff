import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IMPORTED_SVG_MAX_BYTES, Messages, PublishMessages, type Project } from '@visualnotes/contracts';
import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { startBackend, type Backend } from '../../../../test/support/backend';

// Real AVIF (ffmpeg/libaom) and HEIC (heif-enc/x265) files: see services/media/src/uploads/fixtures/README.md.
const fixture = (name: string) => readFileSync(join(__dirname, '../../../media/src/uploads/fixtures', name));

const svgBody = '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" viewBox="0 0 100 100"><circle cx="50" cy="50" r="40" fill="teal"/></svg>';
/** The prolog Adobe Illustrator's "Save as SVG" writes. */
const illustratorSvg = Buffer.from(
  '<?xml version="1.0" encoding="utf-8"?>\n<!-- Generator: Adobe Illustrator 27.0.0, SVG Export Plug-In . SVG Version: 6.00 Build 0)  -->\n' +
    '<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n' +
    svgBody,
);
/** The prolog Inkscape writes. */
const inkscapeSvg = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n<!-- Created with Inkscape (http://www.inkscape.org/) -->\n\n' + svgBody,
);

describe('canvas images (gateway, media and publish)', () => {
  let t: TestEnv;
  let backend: Backend;
  let alice: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    t = await createTestEnv('canvas-images', { RATE_LIMIT_MAX: '10000' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    alice = await signUp(backend.url);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const upload = async (bytes: Buffer, name: string) =>
    (await request(backend.http).post('/api/uploads').set(auth(alice)).attach('file', bytes, name).expect(201)).body as {
      file_id: string;
      content_type: string;
    };
  const newProject = async () => (await request(backend.http).post('/api/projects').set(auth(alice)).send({ title: 'Images' }).expect(201)).body as Project;
  const sceneWith = (...files: { file_id: string; content_type: string }[]) => ({
    type: 'excalidraw',
    version: 2,
    elements: files.map((_, i) => ({
      id: `el-${i}`,
      type: 'image',
      x: i * 120,
      y: 0,
      width: 100,
      height: 100,
      fileId: `f-${i}`,
      status: 'saved',
      scale: [1, 1],
    })),
    appState: {},
    files: Object.fromEntries(files.map((f, i) => [`f-${i}`, { id: `f-${i}`, mimeType: f.content_type, file_id: f.file_id, created: 1 }])),
  });

  it('stores SVGs from Illustrator and Inkscape and AVIF photos as images, and serves them back with their type', async () => {
    const uploads = [await upload(illustratorSvg, 'logo.svg'), await upload(inkscapeSvg, 'drawing.svg'), await upload(fixture('testsrc.avif'), 'photo.avif')];
    expect(uploads.map((u) => u.content_type)).toEqual(['image/svg+xml', 'image/svg+xml', 'image/avif']);
    const project = await newProject();
    await request(backend.http)
      .put(`/api/projects/${project.id}`)
      .set(auth(alice))
      .send({ scene: sceneWith(...uploads), version: project.version })
      .expect(200);
    for (const [i, bytes] of [illustratorSvg, inkscapeSvg, fixture('testsrc.avif')].entries()) {
      const res = await request(backend.http).get(`/api/projects/${project.id}/files/${uploads[i].file_id}`).set(auth(alice)).buffer(true).expect(200);
      expect(res.headers['content-type']).toBe(uploads[i].content_type);
      // SVGs keep the same sandbox as every other canvas image
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      // pictures come back as sent; SVGs as the sanitiser rewrote them (the drawing kept, the DOCTYPE gone)
      if (uploads[i].content_type === 'image/svg+xml') {
        const text = (res.body as Buffer).toString('utf8');
        expect(text).toContain('<circle');
        expect(text).not.toContain('DOCTYPE');
      } else expect(Buffer.compare(res.body as Buffer, bytes)).toBe(0);
    }
  });

  it('cleans an uploaded SVG before it is kept, and refuses one it cannot check, in words the user can act on', async () => {
    const hostile = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" onload="alert(1)">' +
        '<script>alert(2)</script><foreignObject><iframe src="javascript:alert(3)"/></foreignObject>' +
        '<image xlink:href="https://evil.test/x.png"/><circle cx="50" cy="50" r="40" fill="teal"/></svg>',
    );
    const stored = await upload(hostile, 'logo.svg');
    expect(stored.content_type).toBe('image/svg+xml');
    const project = await newProject();
    await request(backend.http)
      .put(`/api/projects/${project.id}`)
      .set(auth(alice))
      .send({ scene: sceneWith(stored), version: project.version })
      .expect(200);
    const res = await request(backend.http).get(`/api/projects/${project.id}/files/${stored.file_id}`).set(auth(alice)).buffer(true).expect(200);
    const text = (res.body as Buffer).toString('utf8');
    expect(text).toContain('<circle');
    expect(text).not.toMatch(/alert|script|foreignObject|evil\.test|onload/i);

    const trick = Buffer.from('<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>');
    const refused = await request(backend.http).post('/api/uploads').set(auth(alice)).attach('file', trick, 'trick.svg').expect(400);
    expect(refused.body.message).toBe(PublishMessages.uploadSvgUnsafe);
    const huge = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg"><desc>${'x'.repeat(IMPORTED_SVG_MAX_BYTES)}</desc></svg>`);
    const tooLarge = await request(backend.http).post('/api/uploads').set(auth(alice)).attach('file', huge, 'huge.svg').expect(413);
    expect(tooLarge.body.message).toBe(PublishMessages.uploadSvgTooLarge);
  });

  it('refuses a HEIC photo as a canvas image, in words the user can act on', async () => {
    const heic = await upload(fixture('testsrc.heic'), 'IMG_0001.HEIC');
    expect(heic.content_type).toBe('image/heic');
    const project = await newProject();
    const res = await request(backend.http)
      .put(`/api/projects/${project.id}`)
      .set(auth(alice))
      .send({ scene: sceneWith(heic), version: project.version })
      .expect(400);
    expect(res.body.message).toBe(Messages.canvasImageHeic);
    const after = await request(backend.http).get(`/api/projects/${project.id}`).set(auth(alice)).expect(200);
    expect(after.body.version).toBe(project.version);
    await request(backend.http).get(`/api/projects/${project.id}/files/${heic.file_id}`).set(auth(alice)).expect(404);
  });

  it('never takes an upload that is no image as a canvas image (PUT and POST)', async () => {
    const png = await upload(fixture('testsrc.avif'), 'ok.avif');
    const text = await upload(Buffer.from('Meeting notes\nnot a picture\n'), 'notes.png');
    const pdf = await upload(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'), 'scan.jpg');
    expect([text.content_type, pdf.content_type]).toEqual(['text/plain', 'application/pdf']);
    const project = await newProject();
    for (const file of [text, pdf]) {
      // the client claims an image type; the stored (sniffed) type decides
      const res = await request(backend.http)
        .put(`/api/projects/${project.id}`)
        .set(auth(alice))
        .send({ scene: sceneWith(png, { ...file, content_type: 'image/png' }), version: project.version })
        .expect(400);
      expect(res.body.message).toBe(Messages.canvasImageNotImage);
    }
    const created = await request(backend.http)
      .post('/api/projects')
      .set(auth(alice))
      .send({ title: 'Local board', scene: sceneWith({ ...text, content_type: 'image/png' }) })
      .expect(400);
    expect(created.body.message).toBe(Messages.canvasImageNotImage);
  });

  it('still saves a canvas that referred to such an upload before this check (served as a download, never as an image)', async () => {
    const text = await upload(Buffer.from('Saved before the check\n'), 'old.png');
    const project = await newProject();
    // a scene saved before image types were checked: written to the database as it was then
    const old = sceneWith({ ...text, content_type: 'image/png' });
    const db = backend.services.publish!.app.get(DataSource);
    const table = db.entityMetadatas.find((m) => m.tableName === 'projects')!.tablePath;
    const [[saved]] = await db.query(`UPDATE ${table} SET scene = $1::jsonb, version = version + 1 WHERE id = $2 RETURNING version`, [
      JSON.stringify(old),
      project.id,
    ]);
    await request(backend.http)
      .put(`/api/projects/${project.id}`)
      .set(auth(alice))
      .send({ title: 'Renamed', scene: sceneWith({ ...text, content_type: 'image/png' }), version: saved.version })
      .expect(200);
    const res = await request(backend.http).get(`/api/projects/${project.id}/files/${text.file_id}`).set(auth(alice)).expect(200);
    expect(res.headers['content-type']).toBe('application/octet-stream');
  });
});
