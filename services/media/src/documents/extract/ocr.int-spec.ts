import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { documentFixtures, joinedPdf, scannedPdf, type Fixtures } from '@visualnotes/testing';
import { extractDocument } from './index';
import { measureOcr, ocrAvailable, ocrPdfPages, readScannedPages } from './ocr';
import { DEFAULT_LIMITS, type ExtractLimits } from './types';

/** Tesseract and pdftoppm as installed on the machine, on real scans made by the test helpers. */
describe('OCR of scanned PDF pages', () => {
  let fx: Fixtures;
  const limits = { timeLimitMs: 60_000, memoryMb: 1024 };
  const withOcr: ExtractLimits = { ...DEFAULT_LIMITS, ocr: { enabled: true, ...limits } };
  const words = (text: string) => new Set(text.toLowerCase().match(/\p{L}{4,}/gu) ?? []);
  // this process's own (other test layers read scans at the same time)
  const tempFolders = () => readdirSync(tmpdir()).filter((n) => n.startsWith(`vn-ocr-${process.pid}-`));

  beforeAll(() => {
    fx = documentFixtures();
  }, 240_000);

  it('finds tesseract, pdftoppm and the installed languages', async () => {
    const found = await ocrAvailable();
    expect(found.ok).toBe(true);
    expect(found.languages).toEqual(expect.arrayContaining(['eng', 'ara']));
    expect(found.languages).not.toContain('osd');
  });

  it('reads a scanned report page by page, with the words of its source, and leaves no temp files', async () => {
    const before = tempFolders();
    const scan = scannedPdf([1, 2, 3].map((page) => ({ pdf: fx.pdf, page })));
    const doc = await extractDocument(scan, { name: 'scan.pdf' }, withOcr);
    expect(doc.pages.map((p) => p.ocr)).toEqual([true, true, true]);
    const source = await extractDocument(fx.pdf, { name: 'report.pdf' }, DEFAULT_LIMITS);
    for (const [i, page] of doc.pages.entries()) {
      const expected = [...words(source.pages[i].text)];
      const read = words(page.text);
      const matched = expected.filter((w) => read.has(w)).length;
      expect(matched / expected.length).toBeGreaterThan(0.9);
    }
    expect(doc.pages[0].text).toContain('Solar panels convert sunlight into electricity');
    expect(tempFolders()).toEqual(before);
  }, 120_000);

  it('reads only the scanned page of a PDF whose other pages have text', async () => {
    const scan = scannedPdf([{ pdf: fx.pdf, page: 2 }]);
    const mixed = joinedPdf([
      { pdf: fx.pdf, page: 1 },
      { pdf: scan, page: 1 },
      { pdf: fx.pdf, page: 3 },
    ]);
    const plain = await extractDocument(mixed, { name: 'mixed.pdf' }, DEFAULT_LIMITS);
    expect(plain.pages[1].text).toBe('');
    const doc = await extractDocument(mixed, { name: 'mixed.pdf' }, withOcr);
    expect(doc.pages.map((p) => Boolean(p.ocr))).toEqual([false, true, false]);
    expect(doc.pages[0].text).toBe(plain.pages[0].text);
    expect(doc.pages[2].text).toBe(plain.pages[2].text);
    expect(doc.pages[1].text).toMatch(/Wind turbines turn the kinetic energy/);
  }, 120_000);

  it('tells how many pages are read as each scan is done (the pages with text first)', async () => {
    const scan = scannedPdf([2, 3].map((page) => ({ pdf: fx.pdf, page })));
    const mixed = joinedPdf([
      { pdf: fx.pdf, page: 1 },
      { pdf: scan, page: 1 },
      { pdf: scan, page: 2 },
    ]);
    const plain = await extractDocument(mixed, { name: 'mixed.pdf' }, DEFAULT_LIMITS);
    const heard: number[] = [];
    const doc = await readScannedPages(plain, mixed, { enabled: true, ...limits, concurrency: 1 }, (n) => heard.push(n));
    expect(doc.pages.map((p) => Boolean(p.ocr))).toEqual([false, true, true]);
    expect(heard).toEqual([2, 3]);
  }, 120_000);

  it('reads a page scanned upside down the right way up', async () => {
    const scan = scannedPdf([
      { pdf: fx.pdf, page: 1 },
      { pdf: fx.pdf, page: 3, upsideDown: true },
    ]);
    const read = await ocrPdfPages(scan, [1, 2], { ...limits, languages: ['eng'] });
    expect(read.get(1)).toContain('Solar panels convert sunlight into electricity');
    expect(read.get(2)).toContain('Battery storage keeps surplus energy');
  }, 120_000);

  it('reads an Arabic scan in Arabic, chosen by the script Tesseract sees', async () => {
    const scan = scannedPdf([{ pdf: fx.rtlProsePdf, page: 1 }]);
    const read = await ocrPdfPages(scan, [1], limits);
    const text = read.get(1)!;
    const arabic = text.match(/\p{Script=Arabic}/gu)?.length ?? 0;
    expect(arabic).toBeGreaterThan(100);
    expect(text).toMatch(/الطاقة/);
  }, 120_000);

  it('leaves a blank scanned page textless, and refuses a scan of blank pages as before', async () => {
    const scan = scannedPdf([{ pdf: fx.pdf, page: 1 }, 'blank']);
    const doc = await extractDocument(scan, { name: 'scan.pdf' }, withOcr);
    expect(doc.pages[0].ocr).toBe(true);
    expect(doc.pages[1]).toEqual(expect.objectContaining({ text: '' }));
    expect(doc.pages[1].ocr).toBeUndefined();
    await expect(extractDocument(scannedPdf(['blank']), { name: 'blank.pdf' }, withOcr)).rejects.toMatchObject({ code: 'DOCUMENT_NO_TEXT' });
  }, 120_000);

  it('stops a page that takes longer than its time limit and still reads the others', async () => {
    const scan = scannedPdf([{ pdf: fx.pdf, page: 1 }, 'fine-print', { pdf: fx.pdf, page: 3 }]);
    const started = Date.now();
    const read = await ocrPdfPages(scan, [1, 2, 3], { timeLimitMs: 10_000, memoryMb: 1024, concurrency: 2, languages: ['eng'] });
    expect([...read.keys()].sort()).toEqual([1, 3]);
    expect(read.get(3)).toMatch(/Battery storage/);
    expect(Date.now() - started).toBeLessThan(30_000);
  }, 120_000);

  it('stops at once when the caller aborts', async () => {
    const scan = scannedPdf([{ pdf: fx.pdf, page: 1 }, 'fine-print']);
    const controller = new AbortController();
    const reading = ocrPdfPages(scan, [2], { ...limits, languages: ['eng'], signal: controller.signal });
    setTimeout(() => controller.abort(new Error('no longer wanted')), 500);
    await expect(reading).rejects.toThrow('no longer wanted');
  }, 60_000);

  it('measures seconds per page and the memory of tesseract', async () => {
    const scan = scannedPdf([1, 2].map((page) => ({ pdf: fx.long(12), page })));
    const one = await measureOcr(scan, [1, 2], { concurrency: 1 });
    expect(one.secondsPerPage).toBeGreaterThan(0);
    expect(one.peakRssMb).toBeGreaterThan(10);
    expect(one.languages).toEqual(['eng', 'deu', 'fra', 'spa']);
  }, 120_000);
});
