import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { errorOf, ticksDuring, documentFixtures, inflatingPdf, unzipEntries, zip, type Fixtures } from '@visualnotes/testing';
import { ExtractionPool, workerFile, type ExtractionPoolOptions } from './pool';
import { DEFAULT_LIMITS } from './types';

describe('the document reading pool (worker threads)', () => {
  let fx: Fixtures;
  const pools: ExtractionPool[] = [];
  const pool = (options: Partial<ExtractionPoolOptions> = {}) => {
    const p = new ExtractionPool({ threads: 1, timeLimitMs: 20_000, budgetMs: 40_000, memoryMb: 256, limits: DEFAULT_LIMITS, ...options });
    pools.push(p);
    return p;
  };
  beforeAll(() => {
    fx = documentFixtures();
  }, 240_000);
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });

  it('reads PDF, PowerPoint, Word and text in a worker thread', async () => {
    const p = pool({ threads: 2 });
    const [pdf, pptx, docx, text] = await Promise.all([
      p.extract(fx.pdf, { name: 'report.pdf' }),
      p.extract(fx.pptx, { name: 'deck.pptx' }),
      p.extract(fx.docx, { name: 'report.docx' }),
      p.text('# Plan\nSolar panels convert sunlight.\n\n## Budget\nThe budget doubles.'),
    ]);
    expect(pdf).toMatchObject({ kind: 'pdf', pages: [{ page: 1 }, { page: 2 }, { page: 3 }] });
    expect(pdf.pages[1].text).toContain('Wind turbines');
    expect(pptx.pages.map((s) => s.title)).toEqual(['Quarterly sales review', 'Customer feedback', 'Next steps']);
    expect(docx.kind).toBe('docx');
    expect(text).toMatchObject({ kind: 'text', title: 'Plan', pages: [{ title: 'Plan' }, { title: 'Budget' }] });
    // The caller's buffer is not taken away from it (it may be shared with other buffers).
    expect(fx.pdf.length).toBeGreaterThan(0);
  });

  it("tells a reading step's progress while it reads, and reads the same pages as without", async () => {
    const book = fx.long(120);
    const heard: number[] = [];
    const step = await pool().read(book, 'pdf', { from: 1, to: 120, careful: false }, (read) => heard.push(read));
    expect(heard).toEqual([25, 50, 75, 100]);
    expect(step.pages.map((p) => p.page)).toEqual(Array.from({ length: 120 }, (_, i) => i + 1));
    expect(await pool().read(book, 'pdf', { from: 1, to: 120, careful: false })).toEqual(step);
  });

  it('refuses a PDF that inflates to a huge page at the stream bound, without blocking this thread', async () => {
    const hostile = inflatingPdf(60 * 1024 * 1024);
    expect(hostile.length).toBeLessThan(200 * 1024);
    const { ticks, result } = await ticksDuring(pool().extract(hostile, { name: 'hostile.pdf' }));
    expect(result).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX', message: 'This document is too complex to read; try a smaller file or save it again as PDF' });
    expect(ticks).toBeGreaterThan(0);
  });

  it('stops a document at the time limit, and the next document is read by a fresh thread', async () => {
    const p = pool({ timeLimitMs: 2_000, limits: { ...DEFAULT_LIMITS, maxPdfStreamBytes: 1024 * 1024 * 1024 } });
    const { ticks, result } = await ticksDuring(p.extract(inflatingPdf(60 * 1024 * 1024, undefined, 8), { name: 'hostile.pdf' }));
    expect(result).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    // Stopped at the limit, not after pdf.js gave up by itself (which takes many seconds).
    expect(ticks).toBeGreaterThan(20);
    const next = await p.extract(fx.pdf, { name: 'report.pdf' });
    expect(next.pages).toHaveLength(3);
  });

  it('stops a document at the memory limit', async () => {
    // One slide whose XML is tens of megabytes: parsing it needs far more heap than the thread has.
    const paragraphs = '<a:p><a:r><a:t>word</a:t></a:r></a:p>'.repeat(400_000);
    const entries = unzipEntries(fx.pptx).map((e) =>
      e.name === 'ppt/slides/slide1.xml' ? { ...e, data: Buffer.from(e.data.toString().replace('<a:p>', `${paragraphs}<a:p>`)) } : e,
    );
    const p = pool({ memoryMb: 48, limits: { ...DEFAULT_LIMITS, maxUnzippedBytes: 1024 * 1024 * 1024 } });
    expect(await errorOf(p.extract(zip(entries), { name: 'huge.pptx' }))).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    expect((await p.extract(fx.pptx, { name: 'deck.pptx' })).pages).toHaveLength(3);
  });

  it('refuses a Word zip bomb at the unpacked-size bound', async () => {
    const p = pool({ limits: { ...DEFAULT_LIMITS, maxUnzippedBytes: 8 * 1024 * 1024 } });
    expect(await errorOf(p.extract(fx.bombDocx(64 * 1024 * 1024), { name: 'bomb.docx' }))).toMatchObject({
      code: 'DOCUMENT_ARCHIVE_TOO_LARGE',
      message: 'This document unpacks to more data than we accept; please upload a smaller document',
    });
  });

  it('says the service is busy when no thread frees up in time', async () => {
    const p = pool({ timeLimitMs: 3_000, budgetMs: 3_500, limits: { ...DEFAULT_LIMITS, maxPdfStreamBytes: 1024 * 1024 * 1024 } });
    // A thread that has loaded its parsers (a cold one may take longer than this small budget).
    for (
      let i = 0;
      i < 20 &&
      !(await p.text('Warm up.').then(
        () => true,
        () => false,
      ));
      i++
    );
    // Several pages drawing one huge stream: far more than the time limit of work on any machine.
    const slow = p.extract(inflatingPdf(60 * 1024 * 1024, undefined, 8), { name: 'hostile.pdf' });
    expect(await errorOf(p.extract(fx.pdf, { name: 'report.pdf' }))).toMatchObject({ code: 'DOCUMENTS_BUSY' });
    expect(await errorOf(slow)).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
  });

  it('runs the built worker when there is one, else the TypeScript sources', () => {
    const dir = mkdtempSync(join(tmpdir(), 'vn-worker-'));
    try {
      expect(workerFile(dir)).toBe(join(dir, 'worker-ts.cjs'));
      writeFileSync(join(dir, 'worker.js'), '');
      expect(workerFile(dir)).toBe(join(dir, 'worker.js'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
