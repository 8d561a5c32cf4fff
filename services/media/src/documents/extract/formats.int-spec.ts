import { Messages } from '@visualnotes/contracts';
import { BOOK_CHAPTERS, BOOK_TITLE, documentFixtures, SCRIPT_SENTENCES, unzipEntries, zip, type Fixtures } from '@visualnotes/testing';
import { DEFAULT_LIMITS, extractDocument } from '.';
import { ExtractionPool } from './pool';

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; message: string }) => e,
  );
const flat = (text: string) => text.replace(/\s+/g, ' ');

/** Files made by LibreOffice, qpdf and zip; converting and decrypting run real child processes. */
describe('document formats (LibreOffice, qpdf, zip)', () => {
  let fx: Fixtures;
  beforeAll(() => {
    fx = documentFixtures();
    fx.otherOffice();
  }, 300_000);

  it.each([
    ['AES-256', 256],
    ['RC4 128-bit', 128],
    ['RC4 40-bit', 40],
  ] as const)('reads a PDF encrypted with %s and an empty open password, its ActualText spans too', async (_, bits) => {
    const report = await extractDocument(fx.qpdfEncrypted('report.pdf', bits), { name: 'report.pdf' }, DEFAULT_LIMITS);
    expect(report.pages).toHaveLength(3);
    expect(report.pages[0].text).toContain('photovoltaic');
    // Text only in the content stream's ActualText spans (LibreOffice's fallback font for Chinese).
    fx.scriptPdf('chinese');
    const chinese = await extractDocument(fx.qpdfEncrypted('script-chinese-fallback.pdf', bits), { name: 'chinese.pdf' }, DEFAULT_LIMITS);
    expect(chinese.pages[0].text).toBe(SCRIPT_SENTENCES.chinese.text);
  });

  it('still refuses a PDF that needs a real password, and reads as before without qpdf', async () => {
    expect(await errorOf(extractDocument(fx.qpdfEncrypted('report.pdf', 256, 'user-secret'), { name: 'secret.pdf' }, DEFAULT_LIMITS))).toMatchObject({
      code: 'DOCUMENT_ENCRYPTED',
    });
    const withoutQpdf = { ...DEFAULT_LIMITS, qpdfPath: 'no-such-qpdf' };
    const report = await extractDocument(fx.qpdfEncrypted('report.pdf', 256), { name: 'report.pdf' }, withoutQpdf);
    expect(report.pages[2].text).toContain('Battery storage');
  });

  it.each([
    ['doc', 'report.doc', 'docx'],
    ['rtf', 'report.rtf', 'docx'],
    ['odt', 'report.odt', 'docx'],
  ] as const)('reads a .%s file as the Word document LibreOffice makes of it', async (format, name, kind) => {
    const started = Date.now();
    const doc = await extractDocument(fx.otherOffice()[format], { name }, DEFAULT_LIMITS);
    process.stdout.write(`${name} converted and read in ${Date.now() - started} ms\n`);
    expect(doc.kind).toBe(kind);
    expect(doc.title).toBeNull();
    const text = flat(doc.pages.map((p) => `${p.title ?? ''} ${p.text}`).join(' '));
    expect(text).toContain('photovoltaic');
    expect(text).toContain('Wind turbines');
    expect(text).toContain('Battery storage');
  });

  it.each([
    ['ppt', 'deck.ppt'],
    ['odp', 'deck.odp'],
  ] as const)('reads a .%s presentation slide by slide, as PowerPoint', async (format, name) => {
    const started = Date.now();
    const doc = await extractDocument(fx.otherOffice()[format], { name }, DEFAULT_LIMITS);
    process.stdout.write(`${name} converted and read in ${Date.now() - started} ms\n`);
    expect(doc.kind).toBe('pptx');
    expect(doc.pages.map((p) => p.title)).toEqual(['Quarterly sales review', 'Customer feedback', 'Next steps']);
    expect(doc.pages[0].text).toContain('Revenue grew by twelve percent');
  });

  it('reads Rich Text named or declared as text, and old Office files under each other’s names', async () => {
    const rtf = Buffer.from(
      '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Times New Roman;}}\n\\f0\\fs24 {\\b Budget meeting}\\par\nThe committee approved the budget.\\par\n}',
    );
    for (const file of [{ name: 'notes.txt' }, { declaredType: 'application/rtf' }, { name: 'notes.doc' }]) {
      const doc = await extractDocument(rtf, file, DEFAULT_LIMITS);
      expect({ file, text: flat(doc.pages.map((p) => p.text).join(' ')) }).toEqual({ file, text: 'Budget meeting The committee approved the budget.' });
    }
    expect((await extractDocument(fx.otherOffice().ppt, { name: 'deck.pptx' }, DEFAULT_LIMITS)).kind).toBe('pptx');
    expect(await errorOf(extractDocument(fx.otherOffice().ppt, { name: 'report.doc' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_TYPE_MISMATCH' });
    // five conversions by LibreOffice: seconds each alone, far more beside the other test layers
  }, 240_000);

  it('refuses the converted formats in plain words when LibreOffice is not installed', async () => {
    const limits = { ...DEFAULT_LIMITS, sofficePath: 'no-such-soffice' };
    for (const [format, name] of [
      ['doc', 'report.doc'],
      ['odp', 'deck.odp'],
    ] as const) {
      expect(await errorOf(extractDocument(fx.otherOffice()[format], { name }, limits))).toMatchObject({
        code: 'DOCUMENT_UNSUPPORTED',
        message: Messages.documentFormatUnavailable,
      });
    }
  });

  it('reads an EPUB book in spine order, each heading a part, table rows on one line', async () => {
    const doc = await extractDocument(fx.epubBook, { name: 'tides.epub' }, DEFAULT_LIMITS);
    expect(doc.kind).toBe('docx');
    expect(doc.title).toBe(BOOK_TITLE);
    expect(doc.pages.map((p) => p.title)).toEqual(BOOK_CHAPTERS.map((c) => c.heading));
    expect(doc.pages[0].text).toBe(
      'The moon pulls the oceans toward it & the earth turns beneath the bulge.\nTwice a day the water climbs the shore and falls back.',
    );
    expect(doc.pages[1].text.split('\n')).toEqual(['When sun and moon line up, the tides are highest.', 'Tide · Range', 'Spring · 4.2 m', 'Neap · 1.8 m']);
    // Packed without the stored "mimetype" entry first (every entry compressed): still a book.
    const sloppy = zip(unzipEntries(fx.epubBook).filter((e) => e.name !== 'mimetype'));
    expect((await extractDocument(sloppy, { name: 'tides.epub' }, DEFAULT_LIMITS)).pages).toEqual(doc.pages);
    // LibreOffice Writer's own EPUB export.
    const exported = await extractDocument(fx.otherOffice().epub, { name: 'report.epub' }, DEFAULT_LIMITS);
    expect(exported.title).toBe('Renewable energy report');
    expect(flat(exported.pages.map((p) => p.text).join(' '))).toMatch(/photovoltaic.*Wind turbines.*Battery storage/);
  });

  it.each(['commentLengthOff', 'trailingBytes', 'dataDescriptors'] as const)('reads a PowerPoint deck whose archive has %s', async (quirk) => {
    const doc = await extractDocument(fx.quirkyPptx()[quirk], { name: 'deck.pptx' }, DEFAULT_LIMITS);
    expect(doc.pages.map((p) => p.title)).toEqual(['Quarterly sales review', 'Customer feedback', 'Next steps']);
  });

  it('reads a Word contract with 12 MB of XML within a reading thread’s time and memory limits', async () => {
    const contract = fx.largeDocx(100);
    const pool = new ExtractionPool({ threads: 1, timeLimitMs: 15_000, budgetMs: 20_000, memoryMb: 256, limits: DEFAULT_LIMITS });
    try {
      const started = Date.now();
      const doc = await pool.extract(contract, { name: 'contract.docx' });
      process.stdout.write(`12 MB document.xml read in ${Date.now() - started} ms\n`);
      expect(doc.pages[0]).toMatchObject({ title: 'Clause 1: obligations of the parties' });
      expect(doc.pages[0].text.split('\n')[0]).toBe(
        '1.1 The supplier shall deliver the goods, in good order, to the address named in schedule 1, and the buyer shall pay, within thirty days, the price agreed.',
      );
      const clause = doc.pages.filter((p) => p.title?.startsWith('Clause 100'));
      expect(clause.at(-1)?.text.split('\n').slice(-2)).toEqual(['Item 100-8 · 80 units · 1000 EUR', 'Item 100-9 · 90 units · 1125 EUR']);
    } finally {
      await pool.close();
    }
  }, 60_000);
});
