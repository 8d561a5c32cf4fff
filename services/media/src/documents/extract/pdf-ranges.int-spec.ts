import { documentFixtures, type Fixtures } from '@visualnotes/testing';
import { extractPdf, pdfInfo, pdfTitleAndHeadings, readPdfPages, type PdfLine } from './pdf';
import { probeDocument, readDocumentStep } from './index';
import { DEFAULT_LIMITS, type ExtractedPage } from './types';

/** A PDF read in page ranges (as several workers would), its results passed on as JSON. */
async function byRanges(data: Buffer, size: number) {
  const { pageCount, title } = await pdfInfo(data, DEFAULT_LIMITS);
  const pages: ExtractedPage[] = [];
  const lines: PdfLine[][] = [];
  for (let from = 1; from <= pageCount; from += size) {
    const part = JSON.parse(JSON.stringify(await readPdfPages(data, from, from + size - 1, DEFAULT_LIMITS))) as Awaited<ReturnType<typeof readPdfPages>>;
    pages.push(...part.pages);
    lines.push(...part.lines);
  }
  const { headings, title: found } = await pdfTitleAndHeadings(data, lines, pageCount);
  expect(found).toBe(title);
  headings.forEach((titles, i) => {
    if (titles.length) pages[i].headings = titles;
  });
  return { kind: 'pdf', title, pages };
}

describe('PDF reading by page ranges', () => {
  let fx: Fixtures;
  beforeAll(() => {
    fx = documentFixtures();
  }, 240_000);

  it('reads the same pages and headings in ranges as in one go (outline, and headings by size)', async () => {
    for (const data of [fx.paper, fx.paperWithoutOutline, fx.long(12)]) {
      const whole = await extractPdf(data, DEFAULT_LIMITS);
      expect(whole.pages.some((p) => p.headings?.length)).toBe(true);
      expect(await byRanges(data, 2)).toEqual(whole);
      expect(await byRanges(data, 5)).toEqual(whole);
    }
  });

  it('looks once, at the first look, whether a PDF needs pdf.js on every page, and a step told so reads as one that looks itself', async () => {
    const careful = fx.scriptPdf('hindi', 'devanagari'); // ActualText spans
    expect((await probeDocument(careful, { name: 'hindi.pdf' }, DEFAULT_LIMITS)).careful).toBe(true);
    expect((await probeDocument(fx.long(12), { name: 'long.pdf' }, DEFAULT_LIMITS)).careful).toBe(false);
    for (const [data, told] of [
      [careful, true],
      [fx.long(12), false],
    ] as const) {
      const { pageCount } = await pdfInfo(data, DEFAULT_LIMITS);
      expect(await readDocumentStep(data, 'pdf', { from: 1, to: pageCount, careful: told }, DEFAULT_LIMITS)).toEqual(
        await readPdfPages(data, 1, pageCount, DEFAULT_LIMITS),
      );
    }
  });

  it('keeps a range within the document', async () => {
    const { pageCount } = await pdfInfo(fx.long(12), DEFAULT_LIMITS);
    expect(pageCount).toBe(12);
    const { pages, lines } = await readPdfPages(fx.long(12), 11, 20, DEFAULT_LIMITS);
    expect(pages.map((p) => p.page)).toEqual([11, 12]);
    expect(lines).toHaveLength(2);
  });

  it('refuses a document of more pages than allowed before reading any', async () => {
    await expect(pdfInfo(fx.long(12), { ...DEFAULT_LIMITS, maxPages: 10 })).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });
});
