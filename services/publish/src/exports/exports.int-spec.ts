import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Resvg } from '@resvg/resvg-js';
import { bodyBytes, createTestEnv, pdfInk, sceneRectangle, sceneText, signUp, waitFor, type SignedUp, type TestEnv } from '@visualnotes/testing';
import { unzipSync } from 'fflate';
import { Client } from 'pg';
import request from 'supertest';
import { startBackend, type Backend } from '../../../../test/support/backend';

/**
 * Exports checked with the tools people open them with: poppler (pdfinfo, pdffonts, pdftotext,
 * pdfimages) for PDFs, LibreOffice for PowerPoint files, and the ZIP's PNGs decoded.
 */

const frame = (id: string, name: string, x: number, y: number, width = 800, height = 600) => sceneRectangle({ id, type: 'frame', name, x, y, width, height });
const board = (...elements: unknown[]) => ({ type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} });
// LibreOffice starts slowly on a busy machine
const run = (cmd: string, args: string[]) => execFileSync(cmd, args, { encoding: 'utf8', timeout: 300_000 });

describe('exports of boards to PDF, PowerPoint and ZIP', () => {
  let t: TestEnv;
  let backend: Backend;
  let owner: SignedUp;
  let viewer: SignedUp;
  let stranger: SignedUp;
  let dir: string;
  const auth = (u: SignedUp) => ({ authorization: `Bearer ${u.token}` });
  const api = () => request(backend.http);

  const project = async (title: string, scene: object, u = owner) => {
    const p = (await api().post('/api/projects').set(auth(u)).send({ title }).expect(201)).body as { id: string; version: number };
    await api().put(`/api/projects/${p.id}`).set(auth(u)).send({ scene, version: p.version }).expect(200);
    return p.id;
  };
  /** Asks for an export, waits until it is done and downloads it to a file. */
  const exported = async (projectId: string, body: object, u = owner) => {
    const { export_id } = (await api().post(`/api/projects/${projectId}/export`).set(auth(u)).send(body).expect(202)).body as { export_id: string };
    const done = await waitFor(
      async () => {
        const s = (await api().get(`/api/exports/${export_id}`).set(auth(u)).expect(200)).body as { status: string; error?: string };
        return s.status === 'completed' || s.status === 'failed' ? s : null;
      },
      240_000,
      250,
    );
    expect(done).toMatchObject({ status: 'completed', progress: 100 });
    const res = await api().get(`/api/exports/${export_id}/file`).set(auth(u)).buffer(true).parse(bodyBytes).expect(200);
    const file = join(dir, `${export_id}.${(body as { format: string }).format}`);
    writeFileSync(file, res.body as Buffer);
    return { exportId: export_id, file, headers: res.headers };
  };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'exports-'));
    // expired exports are looked for every second (an export is kept 24 hours)
    t = await createTestEnv('exports', { RATE_LIMIT_MAX: '10000', EXPORT_TIMEOUT_MS: '240000', RPC_TIMEOUT_MS: '60000', EXPORT_SWEEP_MS: '1000' });
    backend = await startBackend(t.env, ['auth', 'license', 'media', 'publish']);
    owner = await signUp(backend.url);
    viewer = await signUp(backend.url);
    stranger = await signUp(backend.url);
  }, 120_000);
  afterAll(async () => {
    await backend?.close();
    await t?.cleanup();
    rmSync(dir, { recursive: true, force: true });
  });

  it('writes a PDF page per frame in board order, with the text searchable in embedded fonts and the pictures in it; viewers may export, others are told it does not exist', async () => {
    const png = new Resvg(
      '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="48"><rect width="64" height="48" fill="#e03131"/><circle cx="32" cy="24" r="16" fill="#1971c2"/></svg>',
    )
      .render()
      .asPng();
    const upload = (await api().post('/api/uploads').set(auth(owner)).attach('file', png, 'dot.png').expect(201)).body as { file_id: string };
    const scene = {
      ...board(
        // created out of order: pages follow the board (left to right, then the next row)
        frame('f-third', 'Third', 0, 900),
        frame('f-second', 'Second', 1000, 0),
        frame('f-first', 'First', 0, 0),
        sceneText('Opening words', { id: 't1', x: 40, y: 40, frameId: 'f-first' }),
        sceneText('Middle page', { id: 't2', x: 1040, y: 40, frameId: 'f-second' }),
        sceneText('Closing thoughts', { id: 't3', x: 40, y: 940, frameId: 'f-third' }),
        sceneRectangle({
          id: 'pic',
          type: 'image',
          x: 100,
          y: 200,
          width: 64,
          height: 48,
          fileId: 'img-1',
          status: 'saved',
          scale: [1, 1],
          frameId: 'f-first',
        }),
      ),
      files: { 'img-1': { id: 'img-1', mimeType: 'image/png', file_id: upload.file_id } },
    };
    const id = await project('Quarterly plan', scene);
    await api().post(`/api/projects/${id}/collaborators`).set(auth(owner)).send({ email: viewer.email, role: 'viewer' }).expect(201);
    await api().get('/api/projects').set(auth(viewer)).expect(200); // takes the invitation

    const { file, headers, exportId } = await exported(id, { format: 'pdf' }, viewer);
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toContain('Quarterly plan.pdf');
    expect(run('pdfinfo', [file])).toMatch(/Pages:\s+3/);
    const fonts = run('pdffonts', [file]).split('\n').slice(2).filter(Boolean);
    expect(fonts.length).toBeGreaterThan(0);
    // every font embedded, as a subset
    for (const line of fonts) expect(line).toMatch(/\+\S+.*\byes\s+yes\s+yes\b/);
    const pages = [1, 2, 3].map((n) => run('pdftotext', ['-f', String(n), '-l', String(n), file, '-']));
    expect(pages[0]).toContain('Opening words');
    expect(pages[1]).toContain('Middle page');
    expect(pages[2]).toContain('Closing thoughts');
    expect(run('pdfimages', ['-list', file])).toMatch(/^\s*1\s+\d+\s+image\s+64\s+48/m);

    // the owner sees the viewer's export; someone without access is told it does not exist
    await api().get(`/api/exports/${exportId}`).set(auth(owner)).expect(200);
    await api().get(`/api/exports/${exportId}`).set(auth(stranger)).expect(404);
    await api().get(`/api/exports/${exportId}/file`).set(auth(stranger)).expect(404);
    await api().post(`/api/projects/${id}/export`).set(auth(stranger)).send({ format: 'pdf' }).expect(404);
    await api().get('/api/exports/not-an-id').set(auth(owner)).expect(404);
  }, 300_000);

  it('offers a published board as a PDF to anyone when its owner allows it, made once for all its visitors; never otherwise', async () => {
    const publisher = await signUp(backend.url, { scope: ['publisher'] });
    const id = await project(
      'Garden plan',
      board(frame('f-plan', 'Plan', 0, 0), sceneText('Visitors read this', { x: 40, y: 40, frameId: 'f-plan' })),
      publisher,
    );
    const publish = async (body: object) =>
      (await api().post(`/api/projects/${id}/publish`).set(auth(publisher)).send(body).expect(200)).body as { public_id: string };
    const { public_id: page } = await publish({});
    expect((await api().get(`/api/p/${page}`).expect(200)).body).toMatchObject({ allow_download: false });
    expect((await api().post(`/api/p/${page}/export`).expect(403)).body).toEqual({
      statusCode: 403,
      message: 'The owner of this board does not offer it as a PDF download',
    });

    await publish({ allow_download: true });
    expect((await api().get(`/api/p/${page}`).expect(200)).body).toMatchObject({ allow_download: true });
    // signed out, and the same export for every visitor who asks, at the same moment too
    const asked = await Promise.all(
      [1, 2, 3, 4, 5].map(async () => ((await api().post(`/api/p/${page}/export`).expect(202)).body as { export_id: string }).export_id),
    );
    expect(new Set(asked).size).toBe(1);
    const exportId = asked[0];
    const state = await waitFor(
      async () => {
        const s = (await api().get(`/api/p/${page}/exports/${exportId}`).expect(200)).body as { status: string };
        return s.status === 'completed' || s.status === 'failed' ? s : null;
      },
      240_000,
      250,
    );
    expect(state).toMatchObject({ export_id: exportId, format: 'pdf', status: 'completed', progress: 100 });
    expect(state).not.toHaveProperty('project_id');
    expect(((await api().post(`/api/p/${page}/export`).expect(202)).body as { export_id: string }).export_id).toBe(exportId);
    const res = await api().get(`/api/p/${page}/exports/${exportId}/file`).buffer(true).parse(bodyBytes).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Garden plan.pdf');
    const file = join(dir, 'published.pdf');
    writeFileSync(file, res.body as Buffer);
    expect(run('pdftotext', [file, '-'])).toContain('Visitors read this');

    // only through its own page, and only while the page offers it
    const other = await project('Other', board(), publisher);
    const { public_id: otherPage } = (await api().post(`/api/projects/${other}/publish`).set(auth(publisher)).send({ allow_download: true }).expect(200))
      .body as {
      public_id: string;
    };
    await api().get(`/api/p/${otherPage}/exports/${exportId}`).expect(404);
    await publish({ allow_download: false });
    await api().get(`/api/p/${page}/exports/${exportId}/file`).expect(403);
    await api().delete(`/api/projects/${id}/publish`).set(auth(publisher)).expect(204);
    await api().get(`/api/p/${page}/exports/${exportId}`).expect(404);
    await api().post(`/api/p/${page}/export`).expect(404);
  });

  it('removes an export and its file once it has been kept its hours; asked for later, it has expired', async () => {
    const id = await project('Short-lived', board(frame('f-brief', 'Brief', 0, 0)));
    const kept = await exported(id, { format: 'pdf' });
    const recent = await exported(id, { format: 'zip' });
    const db = new Client({ connectionString: t.databaseUrl });
    await db.connect();
    const { rows } = await db
      .query(`UPDATE publish.exports SET finished_at = now() - interval '25 hours' WHERE id = $1 RETURNING storage_key`, [kept.exportId])
      .finally(() => db.end());
    const file = join(t.dataDir, 'files', (rows[0] as { storage_key: string }).storage_key);
    expect(existsSync(file)).toBe(true);
    await waitFor(async () => (await api().get(`/api/exports/${kept.exportId}`).set(auth(owner))).status === 404, 30_000, 250);
    expect((await api().get(`/api/exports/${kept.exportId}/file`).set(auth(owner)).expect(404)).body).toEqual({
      statusCode: 404,
      message: 'This export does not exist or has expired',
    });
    expect(existsSync(file)).toBe(false);
    // one that ended an hour ago stays
    await api().get(`/api/exports/${recent.exportId}/file`).set(auth(owner)).expect(200);
  });

  it('refuses bad requests in words', async () => {
    const id = await project('Bad', board(frame('only', 'Only', 0, 0)));
    const bad = async (body: object) => (await api().post(`/api/projects/${id}/export`).set(auth(owner)).send(body).expect(400)).body.message as string;
    expect(await bad({ format: 'gif' })).toMatch(/PDF, PowerPoint or ZIP/);
    expect(await bad({ format: 'pdf', scale: 50 })).toMatch(/scale/);
    expect(await bad({ format: 'pdf', frames: ['missing'] })).toMatch(/no longer on the board/);
  }, 60_000);

  it("makes a summary's outline into a PDF download with its links; refuses what is not an outline in words", async () => {
    const outline = {
      title: 'Lecture: energy / 能源',
      blocks: [
        { type: 'title', text: 'Lecture: energy / 能源' },
        { type: 'heading', text: 'Overview' },
        { type: 'paragraph', text: 'Solar panels turn sunlight into electricity.' },
        { type: 'item', text: 'Batteries keep noon for the evening.', at: { label: '1:05', href: 'https://www.youtube.com/watch?v=abcdefghijk&t=65s' } },
      ],
    };
    const res = await api().post('/api/outlines/pdf').set(auth(owner)).send({ outline }).buffer(true).parse(bodyBytes).expect(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(decodeURIComponent(String(res.headers['content-disposition']))).toContain('Lecture energy 能源.pdf');
    const file = join(dir, 'outline.pdf');
    writeFileSync(file, res.body as Buffer);
    const text = run('pdftotext', [file, '-']);
    expect(text).toContain('Solar panels turn sunlight into electricity.');
    expect(text).toContain('1:05 Batteries keep noon for the evening.');
    expect((res.body as Buffer).toString('latin1')).toContain('/URI (https://www.youtube.com/watch?v=abcdefghijk&t=65s)');

    await api().post('/api/outlines/pdf').send({ outline }).expect(401);
    const bad = async (body: object, status = 400) => (await api().post('/api/outlines/pdf').set(auth(owner)).send(body).expect(status)).body.message as string;
    const link = (href: string) => ({ outline: { ...outline, blocks: [{ type: 'item', text: 'x', at: { label: 'x', href } }] } });
    expect(await bad(link('javascript:alert(1)'))).toBe('This summary could not be read; please reload the page and try again');
    expect(await bad({ outline: { title: 'x', blocks: [{ type: 'script', text: 'x' }] } })).toMatch(/could not be read/);
    expect(await bad({})).toMatch(/could not be read/);
    const many = Array.from({ length: 5_001 }, () => ({ type: 'paragraph', text: 'x' }));
    expect(await bad({ outline: { title: 'x', blocks: many } })).toBe('This summary is too long for a PDF; please download it as Word instead');
  }, 120_000);

  it('writes CJK, Arabic and Devanagari text that comes back as written', async () => {
    const id = await project(
      '多语言',
      board(
        sceneText('你好世界 白板导出', { id: 'zh', x: 0, y: 0, width: 400 }),
        sceneText('こんにちは 日本語', { id: 'ja', x: 0, y: 60, width: 400 }),
        sceneText('مرحبا بالعالم', { id: 'ar', x: 0, y: 120, width: 300 }),
        sceneText('नमस्ते', { id: 'hi', x: 0, y: 180, width: 200 }),
      ),
    );
    const { file, headers } = await exported(id, { format: 'pdf' });
    expect(decodeURIComponent(String(headers['content-disposition']))).toContain('多语言.pdf');
    const text = run('pdftotext', [file, '-']);
    expect(text).toContain('你好世界 白板导出');
    expect(text).toContain('こんにちは 日本語');
    // both Arabic words, joined (shaped) forms mapped back to their letters
    expect(text).toContain('مرحبا');
    expect(text).toContain('بالعالم');
    expect(run('pdffonts', [file])).toMatch(/Xiaolai/);
    // drawn in ink: Excalidraw's fonts come as WOFF2, whose glyphs pdfkit embeds blank
    expect(pdfInk(readFileSync(file))).toBeGreaterThan(0.001);
  }, 300_000);

  it('writes a PowerPoint slide per frame with its text in the notes, and a ZIP of a PNG and an SVG per frame', async () => {
    const id = await project(
      'Deck',
      board(
        frame('a', 'Alpha', 0, 0, 800, 450),
        frame('b', 'Beta', 900, 0, 800, 450),
        sceneText('Alpha notes here', { id: 'ta', x: 40, y: 40, frameId: 'a' }),
        sceneText('Beta words', { id: 'tb', x: 940, y: 40, frameId: 'b' }),
      ),
    );
    const pptx = await exported(id, { format: 'pptx' });
    expect(pptx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.presentationml.presentation');
    const files = unzipSync(readFileSync(pptx.file));
    const notes = Object.keys(files)
      .filter((n) => /^ppt\/notesSlides\/notesSlide\d+\.xml$/.test(n))
      .sort()
      .map((n) => Buffer.from(files[n]).toString('utf8'));
    expect(notes).toHaveLength(2);
    expect(notes[0]).toContain('Alpha notes here');
    expect(notes[1]).toContain('Beta words');
    const out = join(dir, 'lo');
    run('soffice', ['--headless', `-env:UserInstallation=file://${join(dir, 'lo-profile')}`, '--convert-to', 'pdf', '--outdir', out, pptx.file]);
    const converted = join(out, readdirSync(out)[0]);
    expect(run('pdfinfo', [converted])).toMatch(/Pages:\s+2/);

    const zip = await exported(id, { format: 'zip', frames: ['b'], scale: 2 });
    const entries = unzipSync(readFileSync(zip.file));
    expect(Object.keys(entries).sort()).toEqual(['01 Beta.png', '01 Beta.svg']);
    const png = Buffer.from(entries['01 Beta.png']);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    // IHDR: width and height of the decoded picture, at scale 2
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1600, 900]);
    expect(Buffer.from(entries['01 Beta.svg']).toString('utf8')).toContain('<svg');
  }, 600_000);

  it('exports a board of 40,000 × 30,000 px without frames, tiled onto PDF pages', async () => {
    const spread = [];
    for (let i = 0; i < 40; i++) spread.push(sceneRectangle({ id: `r${i}`, x: (i % 8) * 5_000, y: Math.floor(i / 8) * 6_000, width: 4_000, height: 5_000 }));
    spread.push(sceneText('Far corner', { id: 'far', x: 39_000, y: 29_900, width: 200 }));
    const id = await project('Huge', board(...spread));
    const { file } = await exported(id, { format: 'pdf' });
    const info = run('pdfinfo', [file]);
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1]);
    expect(pages).toBeGreaterThan(1);
    expect(run('pdftotext', [file, '-'])).toContain('Far corner');
  }, 300_000);
});
