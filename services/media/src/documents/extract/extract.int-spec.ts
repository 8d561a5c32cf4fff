import iconv from 'iconv-lite';
import { DEFAULT_LIMITS, extractDocument, extractText } from '.';
import {
  documentFixtures,
  filledFormPdf,
  inflatingPdf,
  JAPANESE_LINES,
  japanesePdf,
  linesPdf,
  pdfOf,
  HINDI_PARAGRAPH,
  INDIC_PARAGRAPHS,
  INDIC_PROSE,
  RTL_PROSE,
  SCRIPT_SENTENCES,
  SMARTART_STEPS,
  SOLAR_FACTS,
  TABLE_ROWS,
  type Fixtures,
} from '@visualnotes/testing';
import { codeMap, marks, pageText, type PageFont } from './pdf-actual-text';
import { Messages } from '@visualnotes/contracts';

const errorOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: { code?: string; message: string }) => e,
  );

/** A text's words, whatever blanks stand between them. */
const words = (text: string) => text.split(/\s+/).filter(Boolean);
describe('document extraction (files made by LibreOffice)', () => {
  let fx: Fixtures;
  beforeAll(() => {
    fx = documentFixtures();
  }, 240_000);

  it('reads a PDF page by page, keeping page numbers', async () => {
    const doc = await extractDocument(fx.pdf, { name: 'report.pdf' }, DEFAULT_LIMITS);
    expect(doc.kind).toBe('pdf');
    expect(doc.pages.map((p) => p.page)).toEqual([1, 2, 3]);
    expect(doc.pages[0].text).toContain('photovoltaic');
    expect(doc.pages[1].text).toContain('Wind turbines');
    expect(doc.pages[2].text).toContain('Battery storage');
  });

  it('reads Japanese text in fonts that are not embedded (predefined CMaps, vertical writing)', async () => {
    const doc = await extractDocument(japanesePdf(), { name: 'japanese.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages.map((p) => p.text)).toEqual(JAPANESE_LINES);
  });

  it('opens a PDF encrypted with an empty open password', async () => {
    const doc = await extractDocument(fx.emptyPasswordPdf, { name: 'protected.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages).toHaveLength(3);
    expect(doc.pages[0].text).toContain('photovoltaic');
    expect(doc.pages[2].text).toContain('Battery storage');
  });

  it('cleans typeset pages: running headers and page numbers out, line-end hyphens joined', async () => {
    const body = [
      ['We present an al-', 'ternative compilation technique.', 'It is a well-known approach.'],
      ['Our measurements are justi-', 'fied by a well-', 'known benchmark.'],
      ['The compiler emits fewer in-', 'structions for loops.'],
      ['Related work is summarized in the appendix.'],
    ];
    const pages = body.map((lines, i) => [i % 2 ? `${101 + i} FREE CULTURE` : 'Compilers in Practice', ...lines, `${101 + i}`]);
    const doc = await extractDocument(linesPdf(pages), { name: 'paper.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages.map((p) => p.text)).toEqual([
      'We present an alternative compilation technique.\nIt is a well-known approach.',
      'Our measurements are justified by a well-known benchmark.',
      'The compiler emits fewer instructions for loops.',
      'Related work is summarized in the appendix.',
    ]);
  });

  it('says a PDF without text or pictures is empty, not scanned', async () => {
    const blank = pdfOf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >>',
    ]);
    const err = await errorOf(extractDocument(blank, { name: 'blank.pdf' }, DEFAULT_LIMITS));
    expect(err).toMatchObject({ code: 'DOCUMENT_EMPTY' });
    expect(err!.message).not.toContain('scanned');
  });

  it('reads slides and speaker notes in slide order', async () => {
    const doc = await extractDocument(fx.pptx, { name: 'deck.pptx' }, DEFAULT_LIMITS);
    expect(doc.kind).toBe('pptx');
    expect(doc.pages.map((p) => p.title)).toEqual(['Quarterly sales review', 'Customer feedback', 'Next steps']);
    expect(doc.pages[0].text).toContain('Revenue grew by twelve percent');
    expect(doc.pages[0].text).toContain('Welcome everyone');
    expect(doc.pages[0].text).not.toContain('Notes:');
    expect(doc.pages[2].text).toContain('Ask for questions');
  });

  it('reads a Word document into parts at its headings', async () => {
    const doc = await extractDocument(fx.docx, { name: 'report.docx' }, DEFAULT_LIMITS);
    expect(doc.kind).toBe('docx');
    expect(doc.pages.map((p) => p.title)).toEqual(['Renewable energy report', 'Wind power', 'Energy storage']);
    expect(doc.pages[1].text).toContain(SOLAR_FACTS[1]);
  });

  it("leaves a Word document's note marks and back links out of its text, and keeps the notes", async () => {
    const doc = await extractDocument(fx.notesDocx, { name: 'notes.docx' }, DEFAULT_LIMITS);
    const text = doc.pages.map((p) => p.text).join('\n');
    expect(text).toContain('Tidal power is predictable and clean.');
    expect(text).toContain('Tides follow the moon.');
    expect(text).toContain('Apart from building the barrage.');
    expect(text).not.toMatch(/↑|\[\d+\]/);
  });

  it('reads a Word document made only of a heading instead of calling it empty', async () => {
    const doc = await extractDocument(fx.headingOnlyDocx, { name: 'title.docx' }, DEFAULT_LIMITS);
    expect(doc.pages.map((p) => p.text).join('\n')).toBe('Walking on imported air');
  });

  it("keeps a PDF's own title without what the program that made it added, and drops titles programs fill in by themselves", async () => {
    const read = async (title: string) => (await extractDocument(fx.titledPdf(title), { name: 'harvest.pdf' }, DEFAULT_LIMITS)).title;
    expect(await read('Microsoft Word - Harvest plan 2026.docx')).toBe('Harvest plan 2026');
    expect(await read('Harvest plan for the north orchard')).toBe('Harvest plan for the north orchard');
    expect(await read('Untitled')).toBeNull();
    expect(await read('Microsoft PowerPoint - Presentation1')).toBeNull();
    // four PDFs made by LibreOffice on first use: seconds each alone, far more beside the other layers
  }, 240_000);

  it('splits pasted Markdown at headings', () => {
    const doc = extractText('# Intro\nFirst paragraph.\n\nSecond one.\n\n## Details\nMore text here.', DEFAULT_LIMITS);
    expect(doc.pages).toEqual([
      { page: 1, title: 'Intro', text: 'First paragraph.\nSecond one.' },
      { page: 2, title: 'Details', text: 'More text here.' },
    ]);
  });

  it('reads text files saved as UTF-16 or Windows-1252, not only UTF-8', async () => {
    const text = '# Réunion\n\nLe budget de 12 000 € est approuvé. Prochaine étape : l’été.\n';
    for (const bytes of [Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]), iconv.encode(text.replace('’', "'"), 'win1252')]) {
      const doc = await extractDocument(bytes, { name: 'notes.txt' }, DEFAULT_LIMITS);
      expect(doc.pages[0].text).toContain('Le budget de 12 000 € est approuvé.');
    }
  });

  it('reads the answers of a filled PDF form along with its labels', async () => {
    const doc = await extractDocument(filledFormPdf(), { name: 'application.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages[0].text.split('\n')).toEqual(
      expect.arrayContaining(['Full name:', 'Marie Curie', 'Senior Research Chemist', 'I want to study radioactivity in your laboratory.']),
    );
  });

  it('says a picture named report.pdf is not what its name says, rather than an unsupported kind', async () => {
    const png = Buffer.from(
      '89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000200dd8a3a6d0000000049454e44ae426082',
      'hex',
    );
    expect(await errorOf(extractDocument(png, { name: 'report.pdf' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_TYPE_MISMATCH' });
    expect(await errorOf(extractDocument(png, { name: 'picture.png' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_UNSUPPORTED' });
  });

  it('tells what to upload instead of spreadsheets', async () => {
    const files = fx.otherOffice();
    const cases: Array<[Buffer, string, string]> = [
      [files.xls, 'budget.xls', Messages.documentSpreadsheet],
      [files.xlsx, 'budget.xlsx', Messages.documentSpreadsheet],
    ];
    for (const [data, name, message] of cases) {
      expect({ name, error: await errorOf(extractDocument(data, { name }, DEFAULT_LIMITS)) }).toMatchObject({
        name,
        error: { code: 'DOCUMENT_UNSUPPORTED', message },
      });
    }
  });

  it('refuses HTML files, even named or declared as text', async () => {
    const html = Buffer.from(
      '\ufeff\n  <!doctype HTML>\n<html lang="en"><head><title>Review</title></head><body><p>The committee approved the budget.</p></body></html>',
    );
    const bare = Buffer.from('<HTML>\n<body>The committee approved the budget.</body>\n</HTML>');
    const utf16 = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('<html><body>Budget</body></html>', 'utf16le')]);
    const cases: Array<[Buffer, { name?: string; declaredType?: string }]> = [
      [html, { name: 'review.html' }],
      [html, { name: 'review', declaredType: 'text/plain; charset=utf-8' }],
      [bare, { name: 'review.txt' }],
      [utf16, { name: 'review.htm' }],
    ];
    for (const [data, file] of cases) {
      expect({ file, error: await errorOf(extractDocument(data, file, DEFAULT_LIMITS)) }).toMatchObject({
        file,
        error: { code: 'DOCUMENT_UNSUPPORTED', message: Messages.documentUnsupported },
      });
    }
    // Text that only mentions markup is still text.
    const doc = await extractDocument(
      Buffer.from('How to write <html> pages and {\\rtf} files: a short guide for beginners.'),
      { name: 'guide.txt' },
      DEFAULT_LIMITS,
    );
    expect(doc.pages[0].text).toContain('<html> pages');
  });

  it('detects the type by content, not by name', async () => {
    const doc = await extractDocument(fx.pdf, { name: 'noextension' }, DEFAULT_LIMITS);
    expect(doc.kind).toBe('pdf');
    const err = await errorOf(extractDocument(fx.docx, { name: 'report.pdf' }, DEFAULT_LIMITS));
    expect(err).toMatchObject({ code: 'DOCUMENT_TYPE_MISMATCH' });
    expect(err!.message).toContain('PDF');
  });

  it('gives clear errors for encrypted, corrupt, scanned and empty files', async () => {
    expect(await errorOf(extractDocument(fx.encryptedPdf, { name: 'secret.pdf' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_ENCRYPTED' });
    expect(await errorOf(extractDocument(fx.corruptPdf, { name: 'broken.pdf' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_CORRUPT' });
    expect(await errorOf(extractDocument(fx.scannedPdf, { name: 'scan.pdf' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_NO_TEXT' });
    expect(await errorOf(extractDocument(Buffer.alloc(0), { name: 'empty.pdf' }, DEFAULT_LIMITS))).toMatchObject({ code: 'EMPTY_FILE' });
  });

  it('stops reading zip bombs at the unpacked-size and entry-count bounds', async () => {
    const limits = { ...DEFAULT_LIMITS, maxUnzippedBytes: 8 * 1024 * 1024, maxZipEntries: 500 };
    const bomb = fx.bombDocx(64 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    expect(await errorOf(extractDocument(bomb, { name: 'bomb.docx' }, limits))).toMatchObject({ code: 'DOCUMENT_ARCHIVE_TOO_LARGE' });
    expect(await errorOf(extractDocument(fx.manyEntriesPptx(1000), { name: 'many.pptx' }, limits))).toMatchObject({
      code: 'DOCUMENT_ARCHIVE_TOO_LARGE',
    });
  });

  it('bounds what a PDF page description may inflate to, before pdf.js reads it', async () => {
    // The same hand-made PDF is read when its page is small enough...
    const small = await extractDocument(inflatingPdf(64 * 1024, 'Solar panels convert sunlight'), { name: 'small.pdf' }, DEFAULT_LIMITS);
    expect(small.pages[0].text).toContain('Solar panels convert sunlight');
    // ...and refused at once when it inflates past the bound for one stream, or for all of them.
    const hostile = inflatingPdf(60 * 1024 * 1024, 'Solar panels convert sunlight');
    expect(await errorOf(extractDocument(hostile, { name: 'drawing.pdf' }, DEFAULT_LIMITS))).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    const lowTotal = { ...DEFAULT_LIMITS, maxUnzippedBytes: 32 * 1024 };
    expect(await errorOf(extractDocument(inflatingPdf(64 * 1024, 'x'), { name: 'small.pdf' }, lowTotal))).toMatchObject({ code: 'DOCUMENT_TOO_COMPLEX' });
    // Real documents stay well within the bounds.
    expect((await extractDocument(fx.long(12), { name: 'long.pdf' }, { ...DEFAULT_LIMITS, maxPdfStreamBytes: 256 * 1024 })).pages).toHaveLength(12);
  });
  it('reads the ActualText of spans LibreOffice draws with a fallback font (Chinese, Hindi, Thai)', async () => {
    for (const script of Object.keys(SCRIPT_SENTENCES) as (keyof typeof SCRIPT_SENTENCES)[]) {
      const doc = await extractDocument(fx.scriptPdf(script), { name: `${script}.pdf` }, DEFAULT_LIMITS);
      // What poppler's pdftotext reads from the same file.
      expect({ script, text: doc.pages[0].text }).toEqual({ script, text: SCRIPT_SENTENCES[script].text });
    }
  });

  it('reads Hindi drawn with a real Devanagari font: clusters from their ActualText, no blanks for glyphs without Unicode', async () => {
    // Lohit Devanagari's character map names only the first glyph of "डि", "जि" and the "ज" of
    // "तेजी"; the other glyphs carry control codes that pdf.js reads as blanks.
    const doc = await extractDocument(fx.scriptPdf('hindi', 'devanagari'), { name: 'hindi.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages[0].text).toBe(SCRIPT_SENTENCES.hindi.text);
    // A justified paragraph: conjuncts pdf.js takes for marks of no width, clusters across line
    // ends, a cluster whose only glyph has no Unicode at a line's start. What pdftotext reads.
    const paragraph = await extractDocument(fx.hindiParagraphPdf, { name: 'hindi.pdf' }, DEFAULT_LIMITS);
    expect(paragraph.pages[0].text.split('\n').length).toBeGreaterThan(2);
    expect(paragraph.pages[0].text.replace(/\s+/g, ' ')).toBe(HINDI_PARAGRAPH);
  });

  it('reads Bengali and Tamil drawn with real fonts: word gaps the file sets by moving, full stops drawn apart', async () => {
    for (const script of Object.keys(INDIC_PARAGRAPHS) as (keyof typeof INDIC_PARAGRAPHS)[]) {
      const doc = await extractDocument(fx.indicParagraphPdf(script), { name: `${script}.pdf` }, DEFAULT_LIMITS);
      expect({ script, text: doc.pages[0].text.replace(/\s+/g, ' ') }).toEqual({ script, text: INDIC_PARAGRAPHS[script] });
    }
  });

  it('reads Indic prose set flush left and justified word for word: clusters drawn vowel sign first, signs set over the consonant before, full stops drawn with the word gaps', async () => {
    const doc = await extractDocument(fx.indicProsePdf, { name: 'indic.pdf' }, DEFAULT_LIMITS);
    const expected = INDIC_PROSE.flatMap(({ text }) => [text, text, text]).join(' ');
    expect(words(doc.pages.map((p) => p.text).join(' '))).toEqual(words(expected));
  });

  it("reads Arabic and Hebrew set right to left word for word: lam-alef ligatures in their letters' order, brackets and hyphens in place", async () => {
    const doc = await extractDocument(fx.rtlProsePdf, { name: 'rtl.pdf' }, DEFAULT_LIMITS);
    const expected = RTL_PROSE.flatMap(({ text }) => [text, text, text]).join(' ');
    expect(words(doc.pages.map((p) => p.text).join(' '))).toEqual(words(expected));
  });

  it('reads Indic, Arabic (vowel marks too) and Hebrew printed to PDF by Chromium word for word', async () => {
    const doc = await extractDocument(fx.browserPrintedPdf, { name: 'printed.pdf' }, DEFAULT_LIMITS);
    const expected = [...INDIC_PROSE, ...RTL_PROSE].map(({ text }) => text).join(' ');
    expect(words(doc.pages.map((p) => p.text).join(' '))).toEqual(words(expected));
  });

  it('finds the ActualText of each marked-content start in a content stream, skipping strings', () => {
    const content = [
      '/Span <</ActualText <FEFF5E74>>> BDC BT (not BDC \\) here) Tj ET EMC',
      '/Artifact BMC EMC',
      '/Span <</ActualText (\\376\\377\\000A\\000\\(\\000b) /Lang (en)>> BDC EMC',
      '/P <</MCID 3>> BDC EMC',
      '/Span <</ActualText (caf\\351)>> BDC EMC',
    ].join('\n');
    expect(marks(content)).toEqual(['年', null, 'A(b', null, 'café']);
  });

  it('tells which marks the file sets right after the text before them, and which a space or a gap sets apart', () => {
    // Code 9 is left out of the font's map (pdf.js reads it as a tab); code 5 is a mapped space.
    const cmap = '2 beginbfchar\n<01> <0915>\n<05> <0020>\nendbfchar\n1 beginbfrange\n<02> <03> <0916>\nendbfrange';
    const f1 = { map: codeMap(cmap, 1), widths: { first: 1, list: [500, 500, 500, 500, 250, 500, 500, 500, 300] } };
    const content = [
      'BT /F1 10 Tf 1 0 0 1 100 700 Tm [<01>] TJ',
      '/Span <</ActualText <FEFF0916>>> BDC [<02> (\\t)] TJ EMC', // its own tail glyph only: joined after
      '[<03>] TJ',
      '/Span <</ActualText <FEFF0915>>> BDC (\\t) Tj EMC', // only a glyph without Unicode: joined both sides
      '[<01> <05>] TJ',
      '/Span <</ActualText <FEFF0916>>> BDC [<02>] TJ EMC', // a space glyph before it, a move after it
      '1 0 0 1 200 700 Tm /Span <</ActualText <FEFF0915>>> BDC [<01>] TJ EMC', // moved well right: a word gap
      '[-400 <01>] TJ', // a TJ move of 0.4 of the size: a word gap
      '/F2 10 Tf /Span <</ActualText <FEFF0915>>> BDC [<01>] TJ EMC [<01>] TJ ET', // widths unknown: not told
    ].join('\n');
    expect(
      pageText(
        content,
        new Map<string, PageFont>([
          ['F1', f1],
          ['F2', { map: null, widths: null }],
        ]),
      ).marks,
    ).toEqual([
      { text: 'ख', joinBefore: true, joinAfter: true },
      { text: 'क', joinBefore: true, joinAfter: true },
      { text: 'ख', joinBefore: false, joinAfter: false },
      { text: 'क', joinBefore: false, joinAfter: false },
      { text: 'क', joinBefore: true, joinAfter: false },
    ]);
  });

  it('keeps the cells of a table row on one line (Word and PowerPoint tables)', async () => {
    const rows = TABLE_ROWS.map((r) => r.join(' · '));
    const docx = await extractDocument(fx.tableDocx, { name: 'capitals.docx' }, DEFAULT_LIMITS);
    expect(
      docx.pages
        .map((p) => p.text)
        .join('\n')
        .split('\n'),
    ).toEqual(rows);
    const pptx = await extractDocument(fx.tablePptx, { name: 'capitals.pptx' }, DEFAULT_LIMITS);
    expect(pptx.pages).toEqual([expect.objectContaining({ title: 'Sales by region', text: rows.join('\n') })]);
  });

  it("reads a SmartArt diagram's text from its drawing part, or from its data part without one", async () => {
    for (const withDrawing of [true, false]) {
      const doc = await extractDocument(fx.smartArtPptx({ withDrawing }), { name: 'process.pptx' }, DEFAULT_LIMITS);
      expect({ withDrawing, pages: doc.pages }).toEqual({
        withDrawing,
        pages: [expect.objectContaining({ page: 1, title: 'Our product process', text: SMARTART_STEPS.join('\n') })],
      });
    }
  });

  it('refuses as empty a deck with titles and nothing else, and text of punctuation alone', async () => {
    const titlesOnly = await errorOf(extractDocument(fx.smartArtPptx({ steps: [] }), { name: 'process.pptx' }, DEFAULT_LIMITS));
    expect(titlesOnly).toMatchObject({ code: 'DOCUMENT_EMPTY' });
    const rules = await errorOf(extractDocument(Buffer.from('# Notes\n\n* * *\n\n— — —\n'), { name: 'notes.txt' }, DEFAULT_LIMITS));
    expect(rules).toMatchObject({ code: 'DOCUMENT_EMPTY' });
  });
});
