import { deflateSync } from 'node:zlib';
import { documentFixtures, linesPdf, pdfOf, type Fixtures } from '@visualnotes/testing';
import { extractPdf, pdfInfo, readPdfPages } from './pdf';
import { DEFAULT_LIMITS, type ExtractLimits } from './types';

/**
 * A report of `pages` pages in Helvetica without an outline: a chapter heading set larger every
 * third page, and on page 5 (or on every page) a footnote mark raised and set smaller after a word.
 */
function reportPdf(pages: number, marks: 'page 5' | 'every page' = 'page 5'): Buffer {
  const objects: (string | { dict: string; data: Buffer })[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${Array.from({ length: pages }, (_, i) => `${4 + 2 * i} 0 R`).join(' ')}] /Count ${pages} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  for (let i = 0; i < pages; i++) {
    const heading = i % 3 === 0 ? `/F1 20 Tf 0 -30 Td (Chapter ${i / 3 + 1}: the grid) Tj /F1 11 Tf T*\n` : '';
    const mark = i === 4 || marks === 'every page' ? '(Wind farms feed the grid) Tj /F1 7 Tf 4 Ts (1) Tj /F1 11 Tf 0 Ts ( at night.) Tj T*\n' : '';
    const body = Array.from({ length: 30 }, (_, k) => `(Line ${k + 1} of page ${i + 1} says how solar panels turn light into power.) Tj T*`).join('\n');
    objects.push(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${5 + 2 * i} 0 R >>`);
    objects.push({ dict: '/Filter /FlateDecode', data: deflateSync(Buffer.from(`BT /F1 11 Tf 14 TL 72 760 Td\n${heading}${mark}${body}\nET\n`, 'latin1')) });
  }
  return pdfOf(objects);
}

/** pdf.js reads every page. */
const PDFJS_ONLY: ExtractLimits = { ...DEFAULT_LIMITS, pdftotextPath: false };

describe('PDF reading with and without pdftotext', () => {
  let fx: Fixtures;
  beforeAll(() => {
    fx = documentFixtures();
  }, 240_000);

  it('reads the same text, lines and headings with pdftotext as with pdf.js alone', async () => {
    const typeset = linesPdf(Array.from({ length: 6 }, (_, i) => [`Compilers in Practice`, `Page ${i + 1} of the al-`, 'ternative technique.', `${101 + i}`]));
    for (const data of [reportPdf(9), reportPdf(40, 'every page'), fx.long(12), typeset]) {
      const alone = { doc: await extractPdf(data, PDFJS_ONLY), range: await readPdfPages(data, 2, 8, PDFJS_ONLY) };
      const both = { doc: await extractPdf(data, DEFAULT_LIMITS), range: await readPdfPages(data, 2, 8, DEFAULT_LIMITS) };
      expect(both).toEqual(alone);
    }
  });

  it('finds headings by size and leaves raised footnote marks out on pages pdftotext reads', async () => {
    const doc = await extractPdf(reportPdf(9), DEFAULT_LIMITS);
    expect(doc.pages.map((p) => p.headings ?? [])).toEqual([['Chapter 1: the grid'], [], [], ['Chapter 2: the grid'], [], [], ['Chapter 3: the grid'], [], []]);
    expect(doc.pages[4].text.split('\n')[0]).toBe('Wind farms feed the grid at night.');
  });

  it('reads everything with pdf.js when pdftotext is not installed', async () => {
    const data = reportPdf(9);
    const alone = await extractPdf(data, PDFJS_ONLY);
    const absent: ExtractLimits = { ...DEFAULT_LIMITS, pdftotextPath: '/nonexistent/bin/pdftotext' };
    const missing = { info: await pdfInfo(data, absent), doc: await extractPdf(data, absent) };
    expect(missing.info.pageCount).toBe(9);
    expect(missing.doc).toEqual(alone);
    expect(alone.pages[3].headings).toEqual(['Chapter 2: the grid']);
  });
});
