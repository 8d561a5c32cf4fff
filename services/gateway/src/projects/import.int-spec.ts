import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ErrorCatalogue, PublishMessages, type Project } from '@visualnotes/contracts';
import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { compressToBase64 } from 'lz-string';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';
import { deflatedWrapper, lzBomb, manyShapes, noteWithScene, pngWithScene, svgWithScene } from './scene-bombs.testing';

const fixture = (name: string) => readFileSync(join(__dirname, '../../../../test/fixtures/excalidraw', name));

describe('POST /api/projects/import (gateway, media and publish)', () => {
  let t: TestEnv;
  let backend: Backend;
  let alice: SignedUp;
  let bob: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    t = await createTestEnv('import', { RATE_LIMIT_MAX: '10000' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    [alice, bob] = await Promise.all([signUp(backend.url), signUp(backend.url)]);
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  it('imports a file saved by excalidraw.com: images become uploads, the scene keeps their file ids', async () => {
    const file = JSON.parse(fixture('with-images.excalidraw').toString('utf8'));
    const res = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', fixture('with-images.excalidraw'), { filename: 'Mood board.excalidraw', contentType: 'application/json' })
      .expect(201);
    const project = res.body as Project;
    expect(project.title).toBe('Mood board');
    expect(project.version).toBe(1);
    expect(project.scene.elements.map((e) => e.id)).toEqual(['img-red', 'img-blue', 'caption']);
    const ids = Object.keys(project.scene.files ?? {}).sort();
    expect(ids).toEqual(['f-blue-000000000000000000000000000000000', 'f-red-0000000000000000000000000000000000']);
    for (const id of ids) {
      const ref = project.scene.files[id];
      expect(ref).toEqual({ id, mimeType: 'image/png', file_id: expect.any(String), created: file.files[id].created });
      const img = await request(backend.http).get(`/api/projects/${project.id}/files/${ref.file_id}`).set(auth(alice)).expect(200);
      expect(img.headers['content-type']).toBe('image/png');
      expect(Buffer.compare(img.body as Buffer, Buffer.from(file.files[id].dataURL.split(',')[1], 'base64'))).toBe(0);
    }
    // the project is stored as imported
    const again = await request(backend.http).get(`/api/projects/${project.id}`).set(auth(alice)).expect(200);
    expect(again.body.scene).toEqual(project.scene);
    // and its images stay the owner's
    await request(backend.http).get(`/api/projects/${project.id}/files/${project.scene.files[ids[0]].file_id}`).set(auth(bob)).expect(404);
  });

  it('imports an old-format file, restored the way Excalidraw opens it', async () => {
    const res = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', fixture('old-format.excalidraw'), 'old.excalidraw')
      .expect(201);
    const els = (res.body as Project).scene.elements;
    expect(els.map((e) => e.id)).toEqual(['box', 'label', 'arrow1', 'scribble', 'back', 'bad-link', 'empty-text']);
    expect(els.every((e) => e.version >= 1 && Number.isInteger(e.versionNonce) && typeof e.isDeleted === 'boolean')).toBe(true);
    expect(els.find((e) => e.id === 'bad-link')!.link).toBeNull();
  });

  it('opens an Obsidian Excalidraw note and an SVG exported with the scene, images included', async () => {
    const text = fixture('with-images.excalidraw').toString('utf8');
    const note = `---\nexcalidraw-plugin: parsed\n---\n# Excalidraw Data\n## Text Elements\n%%\n## Drawing\n\`\`\`compressed-json\n${compressToBase64(text).replace(/(.{256})/g, '$1\n\n')}\n\`\`\`\n%%\n`;
    const fromNote = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', Buffer.from(note), 'Mood board.excalidraw.md')
      .expect(201);
    expect((fromNote.body as Project).title).toBe('Mood board');
    expect((fromNote.body as Project).scene.elements.map((e) => e.id)).toEqual(['img-red', 'img-blue', 'caption']);
    expect(Object.keys((fromNote.body as Project).scene.files ?? {})).toHaveLength(2);
    const svg = `<svg xmlns="http://www.w3.org/2000/svg"><metadata><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:1 --><!-- payload-start -->${Buffer.from(text).toString('base64')}<!-- payload-end --></metadata></svg>`;
    const fromSvg = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', Buffer.from(svg), 'board.excalidraw.svg')
      .expect(201);
    expect((fromSvg.body as Project).title).toBe('board');
    expect((fromSvg.body as Project).scene.elements).toHaveLength(3);
    // A plain picture holds no drawing.
    const plain = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', Buffer.from('<svg><rect/></svg>'), 'logo.svg')
      .expect(400);
    expect(plain.body.message).toBe(PublishMessages.importInvalid);
  });

  it("refuses what is not an Excalidraw drawing, in the user's words, and needs a signed-in user", async () => {
    for (const [bytes, name, message] of [
      [fixture('shapes.excalidrawlib'), 'shapes.excalidrawlib', PublishMessages.importLibrary],
      [Buffer.from('{"elements":'), 'cut.excalidraw', PublishMessages.importDamaged],
      [Buffer.from('{"name":"x"}'), 'x.json', PublishMessages.importInvalid],
      // shapes, none of which can be drawn: not opened as an empty project
      [
        Buffer.from('{"type":"excalidraw","elements":[{"id":"a","type":"hexagon-from-the-future"},null,7]}'),
        'bad.excalidraw',
        PublishMessages.importNothingDrawable,
      ],
    ] as const) {
      const res = await request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', bytes, name).expect(400);
      expect(res.body.message).toBe(message);
    }
    // a drawing whose shapes were all deleted is an empty drawing, and opens
    const emptied = '{"type":"excalidraw","elements":[{"id":"a","type":"rectangle","x":0,"y":0,"width":9,"height":9,"isDeleted":true}]}';
    await request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', Buffer.from(emptied), 'emptied.excalidraw').expect(201);
    const noFile = await request(backend.http).post('/api/projects/import').set(auth(alice)).send({ file: 'x' }).expect(400);
    expect(noFile.body.message).toContain('multipart/form-data');
    await request(backend.http).post('/api/projects/import').attach('file', fixture('old-format.excalidraw'), 'old.excalidraw').expect(401);
  });

  it('answers 400, never 500, to text that cannot be saved and to a body cut short', async () => {
    const file = JSON.parse(fixture('old-format.excalidraw').toString('utf8'));
    file.elements[0].text = 'a\u0000b';
    for (const [bytes, name] of [
      [Buffer.from(JSON.stringify(file)), 'nul.excalidraw'],
      [Buffer.from(JSON.stringify(file).replace('a\\u0000b', '\\ud800')), 'surrogate.excalidraw'],
      [fixture('old-format.excalidraw'), 'a\u0000b.excalidraw'],
    ] as const) {
      const res = await request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', bytes, name);
      expect([res.status, res.body.message]).toEqual([400, ErrorCatalogue.INVALID_CHARACTERS.message]);
    }
    const cut = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .set('content-type', 'multipart/form-data; boundary=XB')
      .send('--XB\r\nContent-Disposition: form-data; name="file"; filename="a.excalidraw"\r\n\r\n{"type":"excalidraw","elements":[]}\r\n');
    expect([cut.status, cut.body.message]).toEqual([400, 'The upload ended before the whole file arrived; please send it again']);
  });

  it('leaves out an embedded "image" that is not a picture, keeping the rest of the drawing', async () => {
    const file = JSON.parse(fixture('with-images.excalidraw').toString('utf8'));
    file.files['f-blue-000000000000000000000000000000000'].dataURL = `data:image/png;base64,${Buffer.from([0, 1, 2, 3, 0, 255, 254, 0]).toString('base64')}`;
    const res = await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', Buffer.from(JSON.stringify(file)), 'broken.excalidraw')
      .expect(201);
    expect(Object.keys(res.body.scene.files)).toEqual(['f-red-0000000000000000000000000000000000']);
    expect(res.body.scene.elements).toHaveLength(3);
  });

  it('refuses a small file that unpacks to more than a scene can hold, in every kind of file, while answering other requests', async () => {
    const huge = manyShapes(30_000_000);
    const bombs = [
      [pngWithScene(deflatedWrapper(huge)), 'bomb.png'],
      [Buffer.from(svgWithScene(Buffer.from(deflatedWrapper(huge), 'latin1').toString('base64'))), 'bomb.svg'],
      [Buffer.from(noteWithScene(lzBomb(7_800))), 'bomb.excalidraw.md'],
    ] as const;
    for (const [bytes, name] of bombs) {
      expect(bytes.length).toBeLessThan(200_000);
      const pending = request(backend.http)
        .post('/api/projects/import')
        .set(auth(alice))
        .attach('file', bytes, name)
        .then((r) => r);
      // the file is read in a worker thread: the gateway answers meanwhile
      await request(backend.http).get('/api/health/live').expect(200);
      const res = await pending;
      expect([name, res.status, res.body.message]).toEqual([name, 413, PublishMessages.sceneTooLarge]);
    }
    // Within the bound, a scene of too many elements is refused as soon as it is parsed.
    const many = pngWithScene(deflatedWrapper(manyShapes(12_000_000)));
    const res = await request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', many, 'many.png');
    expect([res.status, res.body.message]).toEqual([413, PublishMessages.tooManyElements]);
  });

  it('answers an SVG payload or a note block that never ends with a clear 400', async () => {
    for (const [text, name] of [
      [`<svg><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-start -->${' '.repeat(4_000_000)}x</svg>`, 'spaces.svg'],
      [`<svg><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-start -->${'A\n'.repeat(2_000_000)}</svg>`, 'lines.svg'],
      [`# Drawing\n\`\`\`json\n${'\n'.repeat(4_000_000)}x`, 'lines.excalidraw.md'],
      [`#${' '.repeat(4_000_000)}x\n\`\`\`compressed-json x\n${'\n \t'.repeat(1_000_000)}`, 'heading.excalidraw.md'],
    ] as const) {
      const pending = request(backend.http)
        .post('/api/projects/import')
        .set(auth(alice))
        .attach('file', Buffer.from(text), name)
        .then((r) => r);
      await request(backend.http).get('/api/health/live').expect(200);
      const res = await pending;
      expect([name, res.status, res.body.message]).toEqual([name, 400, PublishMessages.importInvalid]);
    }
  });

  it('answers 400, never 500, to a scene nested too deeply, in a plain or a packed file', async () => {
    const deep = (depth: number) =>
      `{"type":"excalidraw","version":2,"elements":[{"id":"a","type":"rectangle","x":0,"y":0,"width":1,"height":1,"customData":${'['.repeat(depth)}${']'.repeat(depth)}}],"appState":{},"files":{}}`;
    for (const [bytes, name] of [
      [Buffer.from(deep(200_000)), 'deep.excalidraw'],
      [pngWithScene(deflatedWrapper(deep(200_000))), 'deep.png'],
      [Buffer.from(deep(100)), 'hundred.excalidraw'],
    ] as const) {
      const res = await request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', bytes, name);
      expect([name, res.status, res.body.message]).toEqual([name, 400, ErrorCatalogue.NESTING_TOO_DEEP.message]);
    }
    // Nesting as drawings have it is taken.
    await request(backend.http)
      .post('/api/projects/import')
      .set(auth(alice))
      .attach('file', Buffer.from(deep(10)), 'ten.excalidraw')
      .expect(201);
  });

  it('imports a PNG and an SVG exported with the scene and its images embedded', async () => {
    const text = fixture('with-images.excalidraw').toString('utf8');
    for (const [bytes, name] of [
      [pngWithScene(deflatedWrapper(text)), 'Mood board.png'],
      [Buffer.from(svgWithScene(Buffer.from(deflatedWrapper(text), 'latin1').toString('base64'))), 'Mood board.svg'],
    ] as const) {
      const res = await request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', bytes, name).expect(201);
      expect((res.body as Project).scene.elements.map((e) => e.id)).toEqual(['img-red', 'img-blue', 'caption']);
      expect(Object.keys((res.body as Project).scene.files).sort()).toEqual([
        'f-blue-000000000000000000000000000000000',
        'f-red-0000000000000000000000000000000000',
      ]);
    }
  });

  it('is described in the OpenAPI document', async () => {
    const doc = await request(backend.http).get('/api/openapi.json').expect(200);
    const op = doc.body.paths['/api/projects/import'].post;
    expect(Object.keys(op.requestBody.content)).toEqual(['multipart/form-data']);
    expect(op.responses['201']).toBeDefined();
  });
});
