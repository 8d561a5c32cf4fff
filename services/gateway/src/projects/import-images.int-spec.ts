import { PublishMessages, type Project } from '@visualnotes/contracts';
import { createTestEnv, signUp, type SignedUp, type TestEnv } from '@visualnotes/testing';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';

/** An SVG picture that tries everything a picture must not do when opened. */
const HOSTILE_SVG = [
  '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="100" height="100" onload="alert(\'svg\')">',
  '<script>alert("script")</script>',
  '<rect id="kept-rect" width="80" height="80" fill="teal" onload="alert(\'rect\')" onclick="alert(\'click\')"/>',
  '<foreignObject width="100" height="100"><div xmlns="http://www.w3.org/1999/xhtml"><iframe src="https://evil.example/frame"></iframe>html inside</div></foreignObject>',
  '<image href="https://evil.example/tracker.png" width="10" height="10"/>',
  '<use xlink:href="https://evil.example/sprite.svg#icon"/>',
  '<a href="javascript:alert(\'link\')"><circle id="kept-circle" cx="50" cy="50" r="10" fill="orange"/></a>',
  '<style>@import url(https://evil.example/style.css); rect { fill: url(https://evil.example/paint) }</style>',
  '</svg>',
].join('');
const FORBIDDEN = [/<script/i, /onload/i, /onclick/i, /foreignObject/i, /evil\.example/i, /javascript:/i, /iframe/i, /@import/i];

const element = (id: string, fileId: string, x: number) => ({
  id,
  type: 'image',
  x,
  y: 0,
  width: 100,
  height: 100,
  fileId,
  status: 'saved',
  scale: [1, 1],
});
const excalidraw = (files: Record<string, { mimeType: string; text: string }>) =>
  Buffer.from(
    JSON.stringify({
      type: 'excalidraw',
      version: 2,
      source: 'https://excalidraw.com',
      elements: Object.keys(files).map((id, i) => element(`img-${i}`, id, i * 120)),
      appState: {},
      files: Object.fromEntries(
        Object.entries(files).map(([id, f]) => [
          id,
          { id, mimeType: f.mimeType, dataURL: `data:${f.mimeType};base64,${Buffer.from(f.text).toString('base64')}`, created: 1 },
        ]),
      ),
    }),
  );

describe('pictures of imported drawings are cleaned, and served pictures never run script', () => {
  let t: TestEnv;
  let backend: Backend;
  let alice: SignedUp;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });

  beforeAll(async () => {
    t = await createTestEnv('import_images', { RATE_LIMIT_MAX: '10000' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    alice = await signUp(backend.url, { scope: ['publisher'] });
  }, 60_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
  });

  const importFile = (bytes: Buffer) => request(backend.http).post('/api/projects/import').set(auth(alice)).attach('file', bytes, 'Hostile.excalidraw');
  const expectSandboxed = (res: request.Response) => {
    expect(res.headers['content-security-policy']).toMatch(/(^|; )sandbox(;|$)/);
    expect(res.headers['content-security-policy']).toContain("default-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe('inline');
  };

  it('keeps the drawing of an SVG picture and removes script, handlers, foreign objects and outside references', async () => {
    // the same SVG declared as what it is, and disguised as a PNG
    const res = await importFile(
      excalidraw({ 'f-svg': { mimeType: 'image/svg+xml', text: HOSTILE_SVG }, 'f-disguised': { mimeType: 'image/png', text: HOSTILE_SVG } }),
    );
    expect(res.status).toBe(201);
    const project = res.body as Project;
    const refs = Object.values(project.scene.files ?? {});
    expect(refs).toHaveLength(2);
    const published = (await request(backend.http).post(`/api/projects/${project.id}/publish`).set(auth(alice)).send({}).expect(200)).body as {
      public_id: string;
    };
    for (const ref of refs) {
      expect(ref.mimeType).toBe('image/svg+xml');
      const editor = await request(backend.http).get(`/api/projects/${project.id}/files/${ref.file_id}`).set(auth(alice)).buffer(true).expect(200);
      const page = await request(backend.http).get(`/api/p/${published.public_id}/files/${ref.file_id}`).buffer(true).expect(200);
      for (const served of [editor, page]) {
        expect(served.headers['content-type']).toBe('image/svg+xml');
        expectSandboxed(served);
        const text = Buffer.from(served.body as Buffer).toString('utf8');
        for (const pattern of FORBIDDEN) expect([String(pattern), pattern.test(text)]).toEqual([String(pattern), false]);
        // the drawing itself is kept
        expect(text).toContain('id="kept-rect"');
        expect(text).toContain('id="kept-circle"');
      }
    }
  });

  it('refuses, in words, an SVG picture that cannot be checked, and keeps nothing of the import', async () => {
    const before = ((await request(backend.http).get('/api/projects').set(auth(alice)).expect(200)).body as unknown[]).length;
    // an outside entity (plain-text ones, as Illustrator writes, are read)
    const doctype =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg"><text>&x;</text></svg>';
    const res = await importFile(
      excalidraw({
        'f-ok': { mimeType: 'image/svg+xml', text: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
        'f-doctype': { mimeType: 'image/svg+xml', text: doctype },
      }),
    );
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ statusCode: 400, message: PublishMessages.importSvgUnsafe });
    const big = `<svg xmlns="http://www.w3.org/2000/svg">${'<rect width="1" height="1"/>'.repeat(80_000)}</svg>`;
    const tooLarge = await importFile(excalidraw({ 'f-big': { mimeType: 'image/svg+xml', text: big } }));
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body).toEqual({ statusCode: 413, message: PublishMessages.importSvgTooLarge });
    expect(((await request(backend.http).get('/api/projects').set(auth(alice)).expect(200)).body as unknown[]).length).toBe(before);
  });
});
