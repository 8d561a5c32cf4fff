import { documentFixtures, zip, type Fixtures } from '@visualnotes/testing';
import { cleanDocument, markReferences } from './clean-text';
import { extractDocument } from './index';
import { pdfLines, sizeHeadings } from './pdf';
import { extractPptx } from './pptx';
import { DEFAULT_LIMITS, type ExtractedPage } from './types';

describe('document structure: headings, bibliographies, right-to-left lines', () => {
  let fx: Fixtures;
  beforeAll(() => {
    fx = documentFixtures();
  }, 240_000);

  it("takes a PDF's sections from its outline and marks where the bibliography begins", async () => {
    const doc = await extractDocument(fx.paper, { name: 'paper.pdf' }, DEFAULT_LIMITS);
    const headings = doc.pages.flatMap((p) => p.headings ?? []);
    expect(headings).toEqual(['1 Introduction', '2 Trace trees', '3 Evaluation', '4 References']);
  });

  it('finds the headings of a PDF without an outline by their size', async () => {
    const doc = await extractDocument(fx.paperWithoutOutline, { name: 'paper.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages.flatMap((p) => p.headings ?? [])).toEqual(['1 Introduction', '2 Trace trees', '3 Evaluation', '4 References']);
    // The title, set larger still but once, is not a section.
    expect(doc.pages.flatMap((p) => p.headings ?? [])).not.toContain('Trace compilation for dynamic languages');
  });

  it('keeps each heading of the outline on the page it points to', async () => {
    const doc = await extractDocument(fx.pdf, { name: 'report.pdf' }, DEFAULT_LIMITS);
    expect(doc.pages.map((p) => p.headings ?? [])).toEqual([[], ['Wind power'], ['Energy storage']]);
  });

  it('reads a right-to-left PDF line in reading order, numbers included', async () => {
    const doc = await extractDocument(fx.arabic, { name: 'arabic.pdf' }, DEFAULT_LIMITS);
    const text = doc.pages.map((p) => p.text).join('\n');
    expect(text).toContain('تعمل الرياح على تدوير التوربينات لإنتاج الطاقة.');
    expect(text).toContain('كتاب الطاقة 2020.');
  });

  it('orders words drawn one by one from left to right into right-to-left reading order', () => {
    // "كتاب الطاقة 2020 New York" drawn left to right, word by word, as some PDF writers do.
    const item = (str: string, x: number, dir = 'rtl') => ({ str, x, dir, transform: [12, 0, 0, 12, x, 700], height: 12 });
    const lines = pdfLines([item('New', 10, 'ltr'), item('York', 40, 'ltr'), item('2020', 80, 'ltr'), item('الطاقة', 120), item('كتاب', 170)]);
    expect(lines.map((l) => l.text)).toEqual(['كتاب الطاقة 2020 New York']);
    // The last line of an Arabic paragraph, mostly Latin words, drawn from right to left.
    expect(pdfLines([item('Excel', 505.4, 'ltr'), item('و', 495.9), item('Word', 459.8, 'ltr'), item('.', 456.1, 'ltr')]).map((l) => l.text)).toEqual([
      'Excel و Word.',
    ]);
    // No space is added after a hyphen: "ל-85".
    expect(pdfLines([item('שיעור ההצלחה עלה ל-', 319.4), item('85', 304, 'ltr'), item(' אחוז', 280)]).map((l) => l.text)).toEqual([
      'שיעור ההצלחה עלה ל-85 אחוז',
    ]);
    // Left-to-right lines keep the order the file gives.
    expect(pdfLines([item('Solar', 10, 'ltr'), item(' panels', 50, 'ltr')]).map((l) => l.text)).toEqual(['Solar panels']);
  });

  it('keeps a sentence whole around a raised footnote mark, and keeps an exponent', () => {
    // "Sales grew … quarter¹ across all regions." as LibreOffice sets a footnote mark; "10⁵ watts".
    const item = (str: string, x: number, y: number, size: number, hasEOL = false) => ({
      str,
      x,
      dir: 'ltr',
      transform: [size, 0, 0, size, x, y],
      height: size,
      hasEOL,
    });
    const lines = pdfLines([
      item('Sales grew strongly in the third quarter', 57, 760, 12),
      item('1', 300, 764.6, 7),
      item(' ', 304.5, 764.6, 0),
      item('across all regions.', 308, 760, 12, true),
      item('It peaked at 10', 57, 746, 12),
      item('5', 140, 750.6, 7),
      item(' watts.', 145, 746, 12, true),
    ]);
    expect(lines.map((l) => l.text)).toEqual(['Sales grew strongly in the third quarter across all regions.', 'It peaked at 10⁵ watts.']);
  });

  it('sizes a line by most of its characters: a larger symbol inside a body line makes no heading', () => {
    // "efficiency (η) of the cell was" with the Greek letter set from a larger symbol font, twice.
    const item = (str: string, x: number, size: number) => ({ str, x, dir: 'ltr', transform: [size, 0, 0, size, x, 700], height: size, hasEOL: false });
    const mixed = pdfLines([item('efficiency (', 10, 8), item('η', 60, 10), item(') of the cell was', 70, 8)]);
    expect(mixed.map((l) => l.size)).toEqual([8]);
    const body = Array.from({ length: 20 }, (_, i) => ({ text: `Body text line ${i} of the page goes on.`, size: 8 }));
    expect(
      sizeHeadings([
        [...mixed, ...body],
        [...mixed, ...body],
      ]),
    ).toEqual([[], []]);
  });

  it('takes headings set in capitals at the body size when no size stands out', () => {
    const line = (text: string) => ({ text, size: 10 });
    const body = Array.from({ length: 10 }, (_, i) => line(`Body text line ${i} of the page goes on.`));
    const headings = sizeHeadings([
      [line('© TÜBİTAK'), line('SAMPLE DESIGN'), ...body],
      [line('HOW BIG SHOULD THE SAMPLE BE?'), line('DEWEY AS GOOD AS ELECTED, STATISTICS CONVINCE ROPER.'), ...body],
    ]);
    expect(headings).toEqual([['SAMPLE DESIGN'], ['HOW BIG SHOULD THE SAMPLE BE?']]);
    // One line in capitals is no structure.
    expect(sizeHeadings([[line('INTRODUCTION'), ...body]])).toEqual([[]]);
  });

  it('counts a larger size used once as a title, not a section level', () => {
    const line = (text: string, size: number) => ({ text, size });
    const body = Array.from({ length: 20 }, (_, i) => line(`Body text line ${i} of the page goes on.`, 10));
    const headings = sizeHeadings([
      [line('A title', 20), line('Methods', 14), ...body],
      [line('Results', 14), ...body],
    ]);
    expect(headings).toEqual([['Methods'], ['Results']]);
  });

  it('marks pages that only continue a bibliography, in several languages', () => {
    const page = (n: number, text: string, headings?: string[]): ExtractedPage => ({ page: n, title: null, text, ...(headings ? { headings } : {}) });
    const pages = [
      page(1, 'Intro text.', ['1 Einleitung']),
      page(2, 'Mehr.\nLiteraturverzeichnis\n[1] A. Autor.'),
      page(3, '[2] B. Autor.'),
      page(4, 'Anhang.', ['Anhang']),
    ];
    markReferences(pages);
    expect(pages[1].headings).toEqual(['Literaturverzeichnis']);
    expect(pages.map((p) => !!p.references)).toEqual([false, false, true, false]);
    const zh = [page(1, '正文。', ['引言']), page(2, '参考文献\n[1] 作者。'), page(3, '[2] 作者。')];
    markReferences(zh);
    expect(zh.map((p) => !!p.references)).toEqual([false, false, true]);
  });
});

describe('slides made of plain text boxes', () => {
  const NS =
    'xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:p="http://schemas.openxmlformats.org/presentationml/2006/main"';
  const box = (id: number, paragraphs: string[]) =>
    `<p:sp><p:nvSpPr><p:cNvPr id="${id}" name="TextBox ${id}"/><p:cNvSpPr txBox="1"/><p:nvPr/></p:nvSpPr><p:spPr/><p:txBody><a:bodyPr/>${paragraphs
      .map((t) => `<a:p><a:r><a:t>${t}</a:t></a:r></a:p>`)
      .join('')}</p:txBody></p:sp>`;
  /** A deck as PowerPoint saves it (the parts our reader opens), each slide a list of text boxes. */
  const deck = (slides: string[][][]) => {
    const rel = (id: string, target: string) =>
      `<Relationship Id="${id}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/slide" Target="${target}"/>`;
    return zip([
      {
        name: 'ppt/presentation.xml',
        data: Buffer.from(
          `<p:presentation ${NS}><p:sldIdLst>${slides.map((_, i) => `<p:sldId id="${256 + i}" r:id="rId${i + 1}"/>`).join('')}</p:sldIdLst></p:presentation>`,
        ),
      },
      {
        name: 'ppt/_rels/presentation.xml.rels',
        data: Buffer.from(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${slides.map((_, i) => rel(`rId${i + 1}`, `slides/slide${i + 1}.xml`)).join('')}</Relationships>`,
        ),
      },
      ...slides.map((boxes, i) => ({
        name: `ppt/slides/slide${i + 1}.xml`,
        data: Buffer.from(`<p:sld ${NS}><p:cSld><p:spTree>${boxes.map((b, k) => box(k + 2, b)).join('')}</p:spTree></p:cSld></p:sld>`),
      })),
    ]);
  };

  it('reads a lone text box as what the slide says, not as its title', async () => {
    const slides = [[['Welcome to the spring meeting of the harbour board']], [['Ferries leave every hour', 'Tickets are sold on board']]];
    const doc = cleanDocument(await extractPptx(deck(slides), DEFAULT_LIMITS), { runningLines: true });
    expect(doc.pages.map((p) => [p.title, p.text])).toEqual([
      [null, 'Welcome to the spring meeting of the harbour board'],
      [null, 'Ferries leave every hour\nTickets are sold on board'],
    ]);
  });

  it('still takes the first line of a slide of several text boxes for its title', async () => {
    const doc = await extractPptx(deck([[['Ferries'], ['They leave every hour from the north quay.']]]), DEFAULT_LIMITS);
    expect(doc.pages.map((p) => [p.title, p.text])).toEqual([['Ferries', 'They leave every hour from the north quay.']]);
  });
});
