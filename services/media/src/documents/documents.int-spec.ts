import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { createServiceApp, redisOptions, type ServiceApp, closeBull } from '@visualnotes/common';
import { Messages, Queues, type DocumentSummaryView } from '@visualnotes/contracts';
import { Queue, UnrecoverableError, Worker } from 'bullmq';
import {
  createTestEnv,
  signUp,
  waitFor,
  type SignedUp,
  type TestEnv,
  documentFixtures,
  inflatingPdf,
  SMARTART_STEPS,
  SOLAR_FACTS,
  type Fixtures,
} from '@visualnotes/testing';
import request from 'supertest';
import { definitions, startBackend, type Backend } from '../../../../test/support/backend';

describe('document summaries through the gateway', () => {
  let t: TestEnv;
  let backend: Backend;
  let ai: ServiceApp | undefined;
  let free: SignedUp;
  let premium: SignedUp;
  let fx: Fixtures;

  beforeAll(async () => {
    fx = documentFixtures();
    t = await createTestEnv('documents', {
      DOCUMENT_LIMIT_BYTES: String(256 * 1024),
      DOCUMENT_FREE_MAX_PAGES: '5',
      DOCUMENT_CHUNK_PAGES: '3',
      DOCUMENT_MAX_UNZIPPED_BYTES: String(8 * 1024 * 1024),
      DOCUMENT_MAX_ZIP_ENTRIES: '1000',
      WORKER_CONCURRENCY_AI_DOCUMENTS: '1',
      FREE_DOCUMENT_SUMMARIES_PER_MONTH: '100',
    });
    // The ai service starts later: first, jobs wait in the queue (priority test).
    backend = await startBackend(t.env, ['auth', 'license', 'media']);
    [free, premium] = await Promise.all([signUp(backend.url), signUp(backend.url, { scope: ['premium'] })]);
  }, 240_000);
  afterAll(async () => {
    await ai?.app.close();
    await backend?.close();
    await t?.cleanup();
  });

  const startAi = async () => {
    ai ??= (await createServiceApp(definitions.ai as never, t.env)) as ServiceApp;
  };
  /** Text encoded by the system's iconv, as older editors save it. */
  const legacy = (text: string, encoding: string) => execFileSync('iconv', ['-f', 'UTF-8', '-t', encoding], { input: text });
  const post = (user: SignedUp) => request(backend.http).post('/api/summaries').set('authorization', `Bearer ${user.token}`);
  const view = async (user: SignedUp, id: string) =>
    (await request(backend.http).get(`/api/summaries/${id}`).set('authorization', `Bearer ${user.token}`).expect(200)).body as DocumentSummaryView;
  const finished = async (user: SignedUp, id: string, timeout = 60_000) => {
    await startAi();
    return (await waitFor(async () => {
      const v = await view(user, id);
      return v.status === 'completed' || v.status === 'failed' ? v : null;
    }, timeout)) as DocumentSummaryView;
  };
  const storedDocuments = () => {
    try {
      return readdirSync(join(t.dataDir, 'files', 'documents')).filter((f) => !f.startsWith('.'));
    } catch {
      return [];
    }
  };

  it('shows a summary as failed, with words for users, when its job failed or vanished without its worker telling', async () => {
    // before the ai service runs: this test plays the worker
    const connection = redisOptions(t.env.REDIS_URL!);
    const prefix = t.env.REDIS_PREFIX;
    const text = 'Solar panels turn sunlight into electricity. Batteries keep it for the evening. '.repeat(20);
    const stalled = (await post(free).send({ text }).expect(202)).body.summary_id as string;
    // a worker that is found dead more often than allowed: BullMQ fails the step, then its parent
    const worker = new Worker(
      Queues.aiDocuments,
      async () => {
        throw new UnrecoverableError('job stalled more than allowable limit');
      },
      { connection, prefix },
    );
    try {
      const failed = await waitFor(async () => ((await view(free, stalled)).status === 'failed' ? view(free, stalled) : null), 20_000, 200);
      expect(failed?.error).toBe(Messages.documentSummaryFailed);
    } finally {
      await closeBull(worker);
    }
    // a job removed from Redis (e.g. lost with it)
    const gone = (await post(free).send({ text }).expect(202)).body.summary_id as string;
    const queue = new Queue(Queues.aiDocuments, { connection, prefix });
    try {
      await queue.remove(gone, { removeChildren: true });
    } finally {
      await closeBull(queue);
    }
    const list = (await request(backend.http).get('/api/summaries').set('authorization', `Bearer ${free.token}`).expect(200)).body as {
      items: { id: string; status: string }[];
    };
    expect(list.items.find((i) => i.id === gone)?.status).toBe('failed');
    expect(await view(free, gone)).toMatchObject({ status: 'failed', error: Messages.documentSummaryFailed });
  }, 60_000);

  it('runs a Premium summary before a free one queued earlier', async () => {
    const a = await post(free).attach('file', fx.pdf, 'report.pdf').expect(202);
    const b = await post(premium).attach('file', fx.long(12), 'long.pdf').expect(202);
    // PDFs are read in steps first, then wait for the ai workers
    await waitFor(async () => (await view(free, a.body.summary_id)).status === 'queued' && (await view(premium, b.body.summary_id)).status === 'queued');
    await startAi();
    const [fa, fb] = await Promise.all([finished(free, a.body.summary_id), finished(premium, b.body.summary_id)]);
    expect(fa.status).toBe('completed');
    expect(fb.status).toBe('completed');
    expect(new Date(fb.started_at!).getTime()).toBeLessThan(new Date(fa.started_at!).getTime());
  }, 120_000);

  it('summarizes a PDF with sections citing pages, and shows a cited page', async () => {
    const res = await post(free).attach('file', fx.pdf, { filename: 'report.pdf', contentType: 'application/pdf' }).expect(202);
    // A PDF is read in steps first: its job id follows that reading, then the summary names its own.
    expect(res.body).toEqual({ summary_id: expect.any(String), job_id: expect.stringMatching(/^media-documents:/) });
    const job = await waitFor(async () => {
      const s = await request(backend.http)
        .get(`/api/jobs/${encodeURIComponent(res.body.job_id)}`)
        .set('authorization', `Bearer ${free.token}`)
        .expect(200);
      return s.body.state === 'completed' ? s.body : null;
    }, 60_000);
    expect(job.progress).toBe(100);
    // the job is its owner's only
    await request(backend.http)
      .get(`/api/jobs/${encodeURIComponent(res.body.job_id)}`)
      .set('authorization', `Bearer ${premium.token}`)
      .expect(404);
    await request(backend.http)
      .get(`/api/jobs/${encodeURIComponent(res.body.job_id)}`)
      .expect(404);
    const v = await finished(free, res.body.summary_id);
    expect(v).toMatchObject({ status: 'completed', kind: 'pdf', pages: 3, unit: 'page', progress: 100, textless_pages: [], ocr_pages: [] });
    // then the summary's own job, which its view names
    expect(v.job_id).toMatch(/^ai-documents:/);
    expect(v.summary!.overview.length).toBeGreaterThan(20);
    const cited = v.summary!.sections.flatMap((s) => s.citations ?? []);
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.every((c) => typeof c.page === 'number' && c.page >= 1 && c.page <= 3)).toBe(true);
    const windPoint = cited.find((c) => c.text.includes('Wind turbines'));
    if (windPoint) expect(windPoint.page).toBe(2);
    const page = await request(backend.http).get(`/api/summaries/${v.id}/pages/2`).set('authorization', `Bearer ${free.token}`).expect(200);
    // Lines wrap where the PDF wraps them (fonts differ between machines).
    expect(page.body.text.replace(/\s+/g, ' ')).toContain(SOLAR_FACTS[1]);
    // Another user sees neither the summary nor its pages.
    await request(backend.http).get(`/api/summaries/${v.id}`).set('authorization', `Bearer ${premium.token}`).expect(404);
    await request(backend.http).get(`/api/summaries/${v.id}/pages/2`).set('authorization', `Bearer ${premium.token}`).expect(404);
    expect(storedDocuments()).toEqual([]);
  }, 90_000);

  it('says which pages of a partly scanned PDF have no text, and summarizes the rest', async () => {
    const res = await post(free).attach('file', fx.partlyScannedPdf, 'site-visit.pdf').expect(202);
    const v = await finished(free, res.body.summary_id);
    expect(v).toMatchObject({ status: 'completed', kind: 'pdf', pages: 3, textless_pages: [2] });
    const cited = v.summary!.sections.flatMap((s) => s.citations ?? []);
    expect(cited.some((c) => c.page === 2)).toBe(false);
  }, 90_000);

  it('summarizes PowerPoint slides with notes, Word documents and pasted text', async () => {
    const deck = await post(free).attach('file', fx.pptx, 'deck.pptx').expect(202);
    const word = await post(free).attach('file', fx.docx, 'report.docx').expect(202);
    const text = await post(free)
      .send({ text: `# Plan\n${SOLAR_FACTS.join(' ')}\n\n## Budget\nThe budget doubles next year because demand grows.` })
      .expect(202);
    const [d, w, x] = await Promise.all([finished(free, deck.body.summary_id), finished(free, word.body.summary_id), finished(free, text.body.summary_id)]);
    expect(d).toMatchObject({ status: 'completed', kind: 'pptx', pages: 3, unit: 'slide', title: 'Quarterly sales review', textless_pages: [] });
    expect(w).toMatchObject({ status: 'completed', kind: 'docx', unit: 'part' });
    expect(x).toMatchObject({ status: 'completed', kind: 'text', pages: 2, title: 'Plan' });
    const slide = await request(backend.http).get(`/api/summaries/${d.id}/pages/1`).set('authorization', `Bearer ${free.token}`).expect(200);
    expect(slide.body).toMatchObject({ page: 1, title: 'Quarterly sales review' });
    expect(slide.body.text).toContain('Welcome everyone');
  }, 90_000);

  it('summarizes an old Word file (.doc) as the Word document LibreOffice makes of it, titled by its name', async () => {
    const res = await post(free).attach('file', fx.otherOffice().doc, 'Minutes March.doc').expect(202);
    const done = await finished(free, res.body.summary_id);
    expect(done).toMatchObject({ status: 'completed', kind: 'docx', unit: 'part', title: 'Minutes March' });
    const part = await request(backend.http).get(`/api/summaries/${done.id}/pages/1`).set('authorization', `Bearer ${free.token}`).expect(200);
    expect(part.body.text).toContain('photovoltaic');
  }, 90_000);

  it('summarizes a SmartArt slide, and refuses a deck with nothing but titles before a summary is used', async () => {
    const used = async () =>
      (await request(backend.http).get('/api/entitlements').set('authorization', `Bearer ${free.token}`).expect(200)).body.usage.document_summaries as number;
    const before = await used();
    const empty = await post(free)
      .attach('file', fx.smartArtPptx({ steps: [] }), 'process.pptx')
      .expect(422);
    expect(empty.body.message).toBe(Messages.documentBlank);
    const blank = await post(free).send({ text: '* * *\n\n— — —' }).expect(422);
    expect(blank.body.message).toBe(Messages.documentBlank);
    expect(await used()).toBe(before);

    const res = await post(free).attach('file', fx.smartArtPptx(), 'process.pptx').expect(202);
    const v = await finished(free, res.body.summary_id);
    expect(v).toMatchObject({ status: 'completed', kind: 'pptx', pages: 1, textless_pages: [] });
    expect(v.summary!.overview).not.toBe('');
    expect(SMARTART_STEPS.some((step) => JSON.stringify(v.summary).includes(step))).toBe(true);
    const slide = await request(backend.http).get(`/api/summaries/${v.id}/pages/1`).set('authorization', `Bearer ${free.token}`).expect(200);
    expect(slide.body).toMatchObject({ page: 1, title: 'Our product process', text: SMARTART_STEPS.join('\n') });
    expect(await used()).toBe(before + 1);
  }, 90_000);

  it('reads text files saved in legacy encodings (GBK, Windows-1251) as what they say', async () => {
    const zh = '咖啡的历史。咖啡最早在埃塞俄比亚被发现。后来传到了也门，僧侣们饮用咖啡来保持清醒。十七世纪，欧洲各地开设了咖啡馆。';
    const ru = 'История кофе. Кофе впервые был обнаружен в Эфиопии. Затем он распространился в Йемен, где монахи пили его, чтобы не спать.';
    for (const [text, encoding] of [
      [zh, 'GBK'],
      [ru, 'CP1251'],
    ]) {
      const res = await post(premium).attach('file', legacy(text, encoding), 'notes.txt').expect(202);
      expect(await finished(premium, res.body.summary_id)).toMatchObject({ status: 'completed', kind: 'text' });
      const page = await request(backend.http).get(`/api/summaries/${res.body.summary_id}/pages/1`).set('authorization', `Bearer ${premium.token}`).expect(200);
      expect(page.body.text).toContain(text.slice(0, 20));
    }
  }, 90_000);

  it("lists a user's own summaries, newest first, without their text", async () => {
    const first = await post(premium)
      .send({ text: `# First\n${SOLAR_FACTS[0]}` })
      .expect(202);
    const second = await post(premium)
      .send({ text: `# Second\n${SOLAR_FACTS[1]}` })
      .expect(202);
    await finished(premium, second.body.summary_id);
    const list = await request(backend.http).get('/api/summaries').set('authorization', `Bearer ${premium.token}`).expect(200);
    const ids = list.body.items.map((i: { id: string }) => i.id);
    expect(ids.indexOf(second.body.summary_id)).toBeLessThan(ids.indexOf(first.body.summary_id));
    expect(list.body.items[0]).toEqual({
      id: second.body.summary_id,
      status: 'completed',
      title: 'Second',
      kind: 'text',
      pages: 1,
      unit: 'part',
      created_at: expect.any(String),
    });
    const theirs = await request(backend.http).get('/api/summaries').set('authorization', `Bearer ${free.token}`).expect(200);
    expect(theirs.body.items.map((i: { id: string }) => i.id)).not.toContain(first.body.summary_id);
    await request(backend.http).get('/api/summaries').expect(401);
  }, 90_000);

  it('asks visitors to log in', async () => {
    const res = await request(backend.http).post('/api/summaries').attach('file', fx.pdf, 'report.pdf').expect(401);
    expect(res.body).toEqual({ statusCode: 401, message: Messages.needLogin });
  });

  it('asks free users to upgrade for a long document; Premium gets it summarized by map-reduce', async () => {
    const long = fx.long(12);
    const refused = await post(free).attach('file', long, 'long.pdf').expect(403);
    expect(refused.body).toEqual({ statusCode: 403, message: Messages.documentTooLong });
    const ok = await post(premium).attach('file', long, 'long.pdf').expect(202);
    const v = await finished(premium, ok.body.summary_id);
    expect(v).toMatchObject({ status: 'completed', pages: 12 });
    // 12 pages in chunks of 3: at least one section from each chunk, in page order.
    const pages = v.summary!.sections.map((s) => s.page!);
    expect(new Set(pages.map((p) => Math.ceil(p / 3))).size).toBe(4);
    expect([...pages].sort((a, b) => a - b)).toEqual(pages);
    expect(storedDocuments()).toEqual([]);
  }, 90_000);

  it.each([
    ['a password-protected PDF', () => fx.encryptedPdf, 'secret.pdf', 422, Messages.documentEncrypted],
    ['a damaged PDF', () => fx.corruptPdf, 'broken.pdf', 422, Messages.documentCorrupt],
    ['a PDF whose page inflates to 60 MB', () => inflatingPdf(60 * 1024 * 1024), 'drawing.pdf', 422, Messages.documentTooComplex],
    ['a Word zip bomb', () => fx.bombDocx(64 * 1024 * 1024), 'bomb.docx', 413, Messages.documentArchiveTooLarge],
    ['a PowerPoint with too many parts', () => fx.manyEntriesPptx(1500), 'many.pptx', 413, Messages.documentArchiveTooLarge],
    ['a Word file named .pdf', () => fx.docx, 'report.pdf', 415, 'The content of this file does not match its type (PDF); please upload the original file'],
    ['an empty file', () => Buffer.alloc(0), 'empty.pdf', 400, Messages.documentEmpty],
    ['a file over the limit', () => Buffer.alloc(300 * 1024, 0x61), 'big.txt', 413, 'The file is larger than the limit of 0.3 MB'],
    ['an image', () => fx.scannedPng, 'photo.png', 415, Messages.documentUnsupported],
    ['an old Excel file', () => fx.otherOffice().xls, 'budget.xls', 415, Messages.documentSpreadsheet],
    ['a text whose encoding cannot be told', () => legacy('こんにちは', 'SHIFT_JIS'), 'hello.txt', 415, Messages.textEncodingUnknown],
  ])(
    'refuses %s with a clear message and keeps nothing',
    async (_label, file, name, status, message) => {
      const before = (await request(backend.http).get('/api/summaries/00000000-0000-0000-0000-000000000000').set('authorization', `Bearer ${free.token}`))
        .status;
      expect(before).toBe(404);
      const res = await post(free).attach('file', file(), name).expect(status);
      expect(res.body).toEqual({ statusCode: status, message });
      expect(storedDocuments()).toEqual([]);
    },
    60_000,
  );

  it('fails a PDF with no text on any page once it is read, with a clear message, keeps nothing, and gives the summary of the month back', async () => {
    const used = async () =>
      (
        (await request(backend.http).get('/api/entitlements').set('authorization', `Bearer ${free.token}`).expect(200)).body as {
          usage: { document_summaries: number };
        }
      ).usage.document_summaries;
    const before = await used();
    const res = await post(free).attach('file', fx.scannedPdf, 'scan.pdf').expect(202);
    const v = await finished(free, res.body.summary_id);
    expect(v).toMatchObject({ status: 'failed', error: Messages.documentNoText, summary: null });
    await waitFor(() => storedDocuments().length === 0, 10_000);
    expect(await used()).toBe(before);
  }, 60_000);

  it('keeps serving after bad files', async () => {
    const res = await post(free).send({ text: 'One more short text to check the services still answer after bad input.' }).expect(202);
    expect((await finished(free, res.body.summary_id)).status).toBe('completed');
    await request(backend.http).post('/api/summaries').set('authorization', `Bearer ${free.token}`).send({ text: '   ' }).expect(400);
  }, 60_000);
});
