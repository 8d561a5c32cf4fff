import { PRINTED_BOOK_CHAPTERS, BOOK_NUMBER_LINES, bookDocx, bookPdf, pdfOf } from '@visualnotes/testing';
import { extractDocument } from './index';
import { DEFAULT_LIMITS, type ExtractedDocument } from './types';

describe('cleaning a book printed by LibreOffice', () => {
  let doc: ExtractedDocument;
  beforeAll(async () => {
    doc = await extractDocument(bookPdf(), { name: 'harbour.pdf' }, DEFAULT_LIMITS);
  }, 240_000);

  it('removes running headers by chapter, odd and even, and the page numbers, roman and arabic', () => {
    expect(doc.pages).toHaveLength(39);
    const lines = doc.pages.map((p) => p.text.split('\n'));
    // The book's title stays on its title page only; chapter names only where the chapter begins.
    expect(lines.flatMap((ls, i) => ls.filter((l) => l.includes('The Quiet Harbour')).map(() => i + 1))).toEqual([1]);
    for (const { title, page } of PRINTED_BOOK_CHAPTERS) {
      expect([title, lines.flatMap((ls, i) => ls.filter((l) => l.includes(title)).map(() => i + 1))]).toEqual([title, [page + 3]]);
    }
    // No line is a page number any more, and no roman numeral is left of the front matter.
    const numbers = lines.flat().filter((l) => /^[\divxlcdm\s]+$/i.test(l));
    expect(numbers).toEqual(BOOK_NUMBER_LINES);
  });

  it('keeps the contents heading and leaves out its entries, and keeps the numbers that are text', () => {
    expect(doc.pages[1].text).toBe('Contents');
    expect(doc.pages[0].text).toBe('The Quiet Harbour\nA history of a fishing town, by Maria Lind.');
    expect(doc.pages[2].text).toBe('Preface\nThis book follows one harbour town through a\ncentury of change and loss.');
    const chapterThree = doc.pages.map((p) => p.text).join('\n');
    expect(chapterThree).toContain(['The quay was rebuilt three times, in these years:', ...BOOK_NUMBER_LINES.slice(0, 3)].join('\n'));
    expect(chapterThree).toContain(['Catch by year, in tonnes:', ...BOOK_NUMBER_LINES.slice(3)].join('\n'));
  });
});

describe('cleaning the same book saved as a Word file', () => {
  it('leaves out the entries of its contents and keeps its text and numbers', async () => {
    const doc = await extractDocument(bookDocx(), { name: 'harbour.docx' }, DEFAULT_LIMITS);
    const text = doc.pages.map((p) => [p.title, p.text].filter(Boolean).join('\n')).join('\n');
    expect(text).toContain('A history of a fishing town, by Maria Lind.\nContents\nPreface\nThis book follows');
    for (const { title } of PRINTED_BOOK_CHAPTERS) expect([title, text.split('\n').filter((l) => l.includes(title))]).toEqual([title, [title]]);
    expect(text).toContain(['The quay was rebuilt three times, in these years:', ...BOOK_NUMBER_LINES.slice(0, 3)].join('\n'));
    expect(text).toContain(['Catch by year, in tonnes:', ...BOOK_NUMBER_LINES.slice(3)].join('\n'));
  });
});

/**
 * A PDF whose font maps each glyph to an Arabic presentation form (one code point per letter and
 * position, as some PDF writers map their fonts), the line drawn from left to right as it is seen.
 */
function presentationFormsPdf(line: string): Buffer {
  const chars = [...new Set(line.replace(/ /g, ''))];
  const code = (c: string) => (c === ' ' ? '20' : (0x21 + chars.indexOf(c)).toString(16));
  const cmap = `/CIDInit /ProcSet findresource begin 12 dict begin begincmap /CMapName /Adobe-Identity-UCS def /CMapType 2 def
1 begincodespacerange <00> <FF> endcodespacerange
${chars.length} beginbfchar
${chars.map((c) => `<${code(c)}> <${c.codePointAt(0)!.toString(16)}>`).join('\n')}
endbfchar endcmap CMapName currentdict /CMap defineresource pop end end`;
  const drawn = [...line].reverse().map(code).join('');
  return pdfOf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    { dict: '', data: Buffer.from(`BT /F1 14 Tf 300 700 Td <${drawn}> Tj ET`, 'latin1') },
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /ToUnicode 6 0 R >>',
    { dict: '', data: Buffer.from(cmap, 'latin1') },
  ]);
}

describe('Arabic a PDF gives in presentation forms', () => {
  it('reads it as letters, so it can be searched', async () => {
    // "الطاقة بمباركة" in presentation forms: isolated, initial, medial and final letters.
    const line = '\ufe8d\ufedf\ufec4\ufe8e\ufed7\ufe94 \ufe91\ufee4\ufe92\ufe8e\ufead\ufedb\ufe94';
    const doc = await extractDocument(presentationFormsPdf(line), { name: 'arabic.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages[0].text).toBe('الطاقة بمباركة');
  });
});
