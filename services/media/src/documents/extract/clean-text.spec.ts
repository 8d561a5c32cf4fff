import {
  cleanDocument,
  dehyphenate,
  documentTitle,
  hyphenatedWords,
  isUnreadable,
  joinWrappedLines,
  normalizeText,
  pageLabel,
  removeContents,
  removeRunningLines,
} from './clean-text';
import type { ExtractedDocument } from './types';

const doc = (texts: string[], kind: ExtractedDocument['kind'] = 'pdf'): ExtractedDocument => ({
  kind,
  title: null,
  pages: texts.map((text, i) => ({ page: i + 1, title: null, text })),
});
const errorOf = (fn: () => unknown) => {
  try {
    fn();
    return null;
  } catch (e) {
    return e as { code?: string; message: string };
  }
};

describe('text cleaning', () => {
  it('normalizes to NFC and removes control characters, noncharacters and unpaired surrogates', () => {
    // "é" as e + combining acute becomes one character; tab and newline stay.
    expect(normalizeText('Cafe\u0301 au lait')).toBe('Café au lait');
    expect(normalizeText('The e\ufb03cient \ufb01eld \ufb02ows o\ufb00 the \ufb04e')).toBe('The efficient field flows off the ffle');
    expect(normalizeText('a\u0000b\u0007c\u001bd\u0085e\u009ff\tg\nh')).toBe('abcd\nef\tg\nh');
    expect(normalizeText('x\uffffy\ufffez\ufdd0!')).toBe('xyz!');
    expect(normalizeText('lone \ud800 high, lone \udc00 low, pair \ud83d\ude00 kept')).toBe('lone  high, lone  low, pair \ud83d\ude00 kept');
    expect(normalizeText('\ufeffWindows\r\nline\rends\f and feeds')).toBe('Windows\nline\nends  and feeds');
  });

  it('joins words broken at line ends, keeping hyphens of compounds the document writes whole', () => {
    expect(dehyphenate('The text is justi-\nfied on both sides.')).toBe('The text is justified on both sides.');
    // A capital after the break is a name or a new sentence, not the rest of a word.
    expect(dehyphenate('Paris-\nLondon trains')).toBe('Paris-\nLondon trains');
    const compounds = hyphenatedWords(['This well-known method is fast.']);
    expect(dehyphenate('a well-\nknown fact, com-\nputed quickly', compounds)).toBe('a well-known fact, computed quickly');
    // Soft hyphens at a line end always join.
    expect(normalizeText('hyphen\u00ad\nation')).toBe('hyphenation');
  });

  it('removes running headers, footers and page numbers repeated across pages', () => {
    const pages = [1, 2, 3, 4].map((n) =>
      [n % 2 ? 'ANNUAL REPORT 2024' : `${n} FREE CULTURE`, `Body text of page ${n} that says something different.`, `Page ${n} of 4`].join('\n'),
    );
    expect(removeRunningLines(pages)).toEqual([1, 2, 3, 4].map((n) => `Body text of page ${n} that says something different.`));
    // Lines that differ from page to page stay.
    const distinct = ['Intro\nA', 'Methods\nB', 'Results\nC'];
    expect(removeRunningLines(distinct)).toEqual(distinct);
    // Two pages are too few to tell a running header from content.
    expect(removeRunningLines(['Same\nA', 'Same\nB'])).toEqual(['Same\nA', 'Same\nB']);
  });

  it('keeps templated content whose lines differ only by their numbers', () => {
    // A 122-slide deck made from one template: every line differs from the other slides' only by digits.
    const slides = Array.from({ length: 122 }, (_, i) =>
      i === 0
        ? 'Marketing'
        : [
            `Owner for step ${i} is team ${(i % 4) + 1}`,
            `Deadline is week ${i + 1}`,
            `Budget line ${i * 3} thousand euros`,
            '',
            `Speaker note ${i}: remind the audience that step ${i} depends on the supplier confirming the order.`,
          ].join('\n'),
    );
    const expected = slides.map((s) => s.replace('\n\n', '\n'));
    expect(removeRunningLines(slides, { slides: true })).toEqual(expected);
    expect(cleanDocument(doc(slides, 'pptx'), { runningLines: true }).pages.map((p) => p.text)).toEqual(expected);
    // The same pages printed: numbers that are not the page's number stay too.
    const printed = Array.from({ length: 6 }, (_, i) =>
      [`Budget line ${i * 3 + 7} thousand euros`, `Body of page ${i}`, `Team ${(i * 5) % 7} owns it`].join('\n'),
    );
    expect(removeRunningLines(printed)).toEqual(printed);
    // A footer said word for word on most slides is still running text.
    const footed = [1, 2, 3, 4].map((n) => `Point ${n} of the plan\nACME Corp confidential 2024`);
    expect(removeRunningLines(footed, { slides: true })).toEqual([1, 2, 3, 4].map((n) => `Point ${n} of the plan`));
  });

  it('still removes page numbers, "n of N" footers and repeated titles of printed pages', () => {
    // Printed page numbers start after four pages of front matter.
    const pages = Array.from({ length: 8 }, (_, i) => [`Annual Report`, `Findings of section ${i} differ from the rest.`, `Page ${i + 5} of 12`].join('\n'));
    expect(removeRunningLines(pages)).toEqual(Array.from({ length: 8 }, (_, i) => `Findings of section ${i} differ from the rest.`));
    const numbered = Array.from({ length: 5 }, (_, i) => `- ${i + 1} -\nText ${i}`);
    expect(removeRunningLines(numbered)).toEqual(Array.from({ length: 5 }, (_, i) => `Text ${i}`));
  });

  it('joins printed lines broken inside Chinese, Japanese and Thai text without a space', () => {
    expect(joinWrappedLines('我们完成了三个大型项目，并且显著提\n高了客户满意度。')).toBe('我们完成了三个大型项目，并且显著提高了客户满意度。');
    expect(joinWrappedLines('私たちは三つの大規模なプ\nロジェクトを完了しました。')).toBe('私たちは三つの大規模なプロジェクトを完了しました。');
    expect(joinWrappedLines('แต่ผลิตภัณฑ์ของเรายังคงมีความได้\nเปรียบด้านคุณภาพ')).toBe('แต่ผลิตภัณฑ์ของเรายังคงมีความได้เปรียบด้านคุณภาพ');
    // Other scripts keep their line breaks (read as spaces).
    expect(joinWrappedLines('The committee approved the budget for the\nnew library wing.')).toBe(
      'The committee approved the budget for the\nnew library wing.',
    );
    // A heading, a paragraph's last line and a sentence end keep theirs.
    const page = [
      '项目年度报告',
      '本报告总结了我们团队在过去一年中的主要工作，我们完成了三个大型项目，并且显著提',
      '高了客户满意度。',
      '市场分析',
      '中国市场的竞争非常激烈。我们的主要竞争对手推出了新的产品线。',
      '明年我们计划进入西部地区的市场，但我们的产品在质量和价格上仍然具有',
    ].join('\n');
    expect(joinWrappedLines(page).split('\n')).toEqual([
      '项目年度报告',
      '本报告总结了我们团队在过去一年中的主要工作，我们完成了三个大型项目，并且显著提高了客户满意度。',
      '市场分析',
      '中国市场的竞争非常激烈。我们的主要竞争对手推出了新的产品线。',
      '明年我们计划进入西部地区的市场，但我们的产品在质量和价格上仍然具有',
    ]);
    // PDF pages are joined so; Word paragraphs are not wrapped lines.
    expect(cleanDocument(doc(['本报告总结了我们团队的主要工作，并且显\n著提高了客户满意度']), { runningLines: true }).pages[0].text).toBe(
      '本报告总结了我们团队的主要工作，并且显著提高了客户满意度',
    );
    expect(cleanDocument(doc(['本报告总结了我们团队的主要工作，并且显\n著提高了客户满意度'], 'docx'), { runningLines: false }).pages[0].text).toBe(
      '本报告总结了我们团队的主要工作，并且显\n著提高了客户满意度',
    );
  });

  it('tells unreadable text from text in any script', () => {
    expect(isUnreadable('\ufffd\ufffd\ufffd\ufffd word')).toBe(true);
    expect(isUnreadable('\ue000\ue001\ue002\ue003\ue004\ue005 ab')).toBe(true);
    expect(isUnreadable('!!!! ???? ---- //// **** ####')).toBe(true);
    expect(isUnreadable('日本語のテキストです。')).toBe(false);
    expect(isUnreadable('النص العربي مقروء تماما')).toBe(false);
    expect(isUnreadable('E = mc², ∑ x_i ≤ 10 for i ∈ [1, n]')).toBe(false);
  });

  it('cleans every page of a document and keeps page numbers', () => {
    const cleaned = cleanDocument(
      doc(['Report\nThe method is justi-\nfied by the data.\n1', 'Report\nCafe\u0301s and con\u0007trol characters.\n2', 'Report\nA third page.\n3']),
      { runningLines: true },
    );
    expect(cleaned.pages).toEqual([
      { page: 1, title: null, text: 'The method is justified by the data.' },
      { page: 2, title: null, text: 'Cafés and control characters.' },
      { page: 3, title: null, text: 'A third page.' },
    ]);
  });

  it('drops unreadable pages and the stray garbage of readable ones', () => {
    const cleaned = cleanDocument(doc(['\ufffd\ufffd\ufffd\ufffd\ufffd\ufffd', 'Readable text\ue000 here.'], 'docx'), { runningLines: false });
    expect(cleaned.pages.map((p) => p.text)).toEqual(['', 'Readable text here.']);
  });

  it('refuses unreadable, scanned and empty documents, each with its own reason', () => {
    const unreadable = errorOf(() => cleanDocument(doc(['\uffff\uffff\uffff', '\u0003\u0004\u0005\u0006']), { runningLines: true }));
    expect(unreadable).toMatchObject({ code: 'DOCUMENT_UNREADABLE' });
    expect(unreadable!.message).toContain('cannot be read');
    const scanned = errorOf(() => cleanDocument(doc(['', '']), { runningLines: true, hasImages: () => true }));
    expect(scanned).toMatchObject({ code: 'DOCUMENT_NO_TEXT' });
    expect(scanned!.message).toContain('scanned');
    const empty = errorOf(() => cleanDocument(doc([' ', '']), { runningLines: true, hasImages: () => false }));
    expect(empty).toMatchObject({ code: 'DOCUMENT_EMPTY' });
    expect(empty!.message).toContain('empty');
    expect(empty!.message).not.toContain('scanned');
  });
});

describe("a document's own title", () => {
  it('drops what the program that made the file added, and titles that name no document', () => {
    const cases: [string | null, string | null][] = [
      ['Microsoft Word - Quarterly report.docx', 'Quarterly report'],
      ['Microsoft PowerPoint - Launch plan.pptx', 'Launch plan'],
      ['C:\\Users\\ana\\Documents\\Budget 2026.xlsx', 'Budget 2026'],
      ['/home/li/papers/trace-compilation.tex', 'trace-compilation'],
      ['  Renewable   energy report ', 'Renewable energy report'],
      ['Q1/Q2 results', 'Q1/Q2 results'],
      ['AC\\DC live in Paris', 'AC\\DC live in Paris'],
      ['shared\\plans\\Roadmap.pptx', 'Roadmap'],
      ['Book 2: The return', 'Book 2: The return'],
      ['Word - a history of the language', 'Word - a history of the language'],
      ['数据报告', '数据报告'],
      ['Untitled', null],
      ['untitled document', null],
      ['Document1', null],
      ['Microsoft Word - Document1', null],
      ['PowerPoint Presentation', null],
      ['Presentation1', null],
      ['Slide 1', null],
      ['Click to add title', null],
      ['无标题', null],
      ['---', null],
      ['', null],
      [null, null],
    ];
    for (const [raw, title] of cases) expect([raw, documentTitle(raw)]).toEqual([raw, title]);
  });
});

/**
 * A 60-page book as a PDF reader gives its pages: a title page, front matter numbered in roman
 * numerals at the foot, a table of contents with dot leaders, then four chapters whose left pages
 * carry the page number and the book's title, right pages the chapter's own title and the number;
 * a chapter's first page has no header, only its number at the foot, set between dashes.
 */
function book() {
  const chapters = [
    { title: 'Arrival', from: 1 },
    { title: 'The harbour', from: 14 },
    { title: 'Storms and trade', from: 27 },
    { title: 'The quiet years', from: 40 },
  ];
  const topics = ['nets', 'boats', 'quays', 'markets', 'weather', 'schools', 'families', 'churches', 'roads', 'lighthouses', 'ferries', 'salt', 'ice'];
  /** The body lines of printed page n, different on every page. */
  const body = (n: number) => [
    `The town spent much of year ${n} arguing about ${topics[n % topics.length]} and`,
    `who should pay for them, while ${n % 5} families moved away to the city.`,
    `Records kept by the parish show ${n * 3} baptisms and a new school for the ${topics[(n + 4) % topics.length]}.`,
  ];
  const pages: string[][] = [
    ['The Quiet Harbour', 'A history of a fishing town', 'Maria Lind'],
    ['Copyright Maria Lind. All rights reserved.', 'Printed in Bergen.', 'ii'],
    [
      'Contents',
      'Preface ................................ v',
      ...chapters.map((c, k) => `${k + 1} ${c.title} ${'.'.repeat(30)} ${c.from}`),
      'Index ................................ 52',
      'iii',
    ],
    ['Acknowledgements', 'Many people in the town shared their letters and photographs with me.', 'iv'],
    ['Preface', 'This book follows one harbour town through a century of change and loss.', 'v'],
    ['The reader will meet the fishermen, their families and the traders who came by sea.', 'vi'],
  ];
  for (let n = 1; pages.length < 60; n++) {
    const chapter = chapters.findLast((c) => c.from <= n)!;
    const k = chapters.indexOf(chapter) + 1;
    if (n === chapter.from) pages.push([`${k} ${chapter.title}`, ...body(n), `— ${n} —`]);
    else if (n % 2 === 0) pages.push([`${n} The Quiet Harbour`, ...body(n)]);
    else pages.push([`Chapter ${k} · ${chapter.title} ${n}`, ...body(n)]);
  }
  return { pages, chapters, body };
}

describe('books: running headers by chapter, page labels, tables of contents', () => {
  it('reads page labels alone on a line, and not years or words', () => {
    expect(['12', '— 12 —', '- 12 -', '[12]', 'xii', 'XIV', 'Page 12', 'Page 12 of 300', '12 / 300', 'p. 7', 'Seite 3'].map(pageLabel)).toEqual([
      { roman: false, n: 12 },
      { roman: false, n: 12 },
      { roman: false, n: 12 },
      { roman: false, n: 12 },
      { roman: true, n: 12 },
      { roman: true, n: 14 },
      { roman: false, n: 12 },
      { roman: false, n: 12 },
      { roman: false, n: 12 },
      { roman: false, n: 7 },
      { roman: false, n: 3 },
    ]);
    expect(['1998', 'Harbour', 'xiiv', 'Xii', '12 boats', 'Figure 12'].map(pageLabel)).toEqual([null, null, null, null, null, null]);
  });

  it('removes the headers of each chapter, odd and even pages, roman and arabic page numbers and the table of contents', () => {
    const { pages, body } = book();
    const cleanedDoc = cleanDocument(doc(pages.map((p) => p.join('\n'))), { runningLines: true });
    // Without an outline, the chapters' headings are found as lines of their own; no header or contents entry is one.
    expect(cleanedDoc.pages.flatMap((p) => p.headings ?? [])).toEqual([
      'Acknowledgements',
      'Preface',
      '1 Arrival',
      '2 The harbour',
      '3 Storms and trade',
      '4 The quiet years',
    ]);
    const cleaned = cleanedDoc.pages.map((p) => p.text);
    expect(cleaned.slice(0, 6)).toEqual([
      'The Quiet Harbour\nA history of a fishing town\nMaria Lind',
      'Copyright Maria Lind. All rights reserved.\nPrinted in Bergen.',
      'Contents',
      'Acknowledgements\nMany people in the town shared their letters and photographs with me.',
      'Preface\nThis book follows one harbour town through a century of change and loss.',
      'The reader will meet the fishermen, their families and the traders who came by sea.',
    ]);
    for (let i = 6; i < 60; i++) {
      const n = i - 5;
      const opener = [1, 14, 27, 40].indexOf(n);
      const heading = opener >= 0 ? `${opener + 1} ${['Arrival', 'The harbour', 'Storms and trade', 'The quiet years'][opener]}\n` : '';
      expect([i + 1, cleaned[i]]).toEqual([i + 1, heading + body(n).join('\n')]);
    }
  });

  it('removes headers of the front matter numbered in roman numerals, and slide numbers typed into text boxes', () => {
    const front = Array.from({ length: 8 }, (_, i) => {
      const n = ['ix', 'x', 'xi', 'xii', 'xiii', 'xiv', 'xv', 'xvi'][i];
      return [i % 2 ? `Foreword ${n}` : `${n} The Quiet Harbour`, `Foreword paragraph ${i} tells how the book came to be written.`].join('\n');
    });
    expect(removeRunningLines(front)).toEqual(Array.from({ length: 8 }, (_, i) => `Foreword paragraph ${i} tells how the book came to be written.`));
    // A deck whose slides carry their number in a text box (no slide number placeholder); a slide about a number keeps it.
    const slides = ['Harbour board', 'Ferries leave every hour', 'Tickets are sold on board', 'New customers this year', 'Questions'].map((t, i) =>
      i === 3 ? `${t}\n1200` : `${t}\n${i + 1}`,
    );
    expect(removeRunningLines(slides, { slides: true })).toEqual([
      'Harbour board',
      'Ferries leave every hour',
      'Tickets are sold on board',
      'New customers this year\n1200',
      'Questions',
    ]);
  });

  it('keeps numbers that are the text: a table, a list of years, a total at the foot of a page, a page of numbers', () => {
    const { pages } = book();
    const table = ['Catch by year, in tonnes', 'Year · Cod · Herring', '1950 · 1200 · 800', '1960 · 950 · 700', '1970 · 400 · 650', 'Total', '4200'];
    const years = ['The quay was rebuilt three times:', '1850', '1902', '1955', 'and each time it was longer.', '1990'];
    const numbers = ['11', '12', '13', '14'];
    const edited = pages.map((p) => p.join('\n'));
    edited[30] = table.join('\n');
    edited[31] = years.join('\n');
    edited[33] = numbers.join('\n');
    const cleaned = cleanDocument(doc(edited), { runningLines: true }).pages.map((p) => p.text);
    expect(cleaned[30]).toBe(table.join('\n'));
    expect(cleaned[31]).toBe(years.join('\n'));
    expect(cleaned[33]).toBe(numbers.join('\n'));
  });

  it('removes tables of contents with leaders, under a contents heading, and the column of their page numbers', () => {
    expect(removeContents('Contents\nIntroduction ........ 1\n1.1 Scope . . . . . . . . 3\nMethods……………… 12\nAppendix ____ xii')).toBe('Contents');
    // pdf.js may give the page numbers as a column of their own; Word entries end in their number.
    expect(removeContents('Table des matières\nIntroduction\nMéthodes\n1\n5')).toBe('Table des matières\nIntroduction\nMéthodes');
    expect(removeContents('Introduction 1\nMethods 5\nResults 9', ['Contents'])).toBe('');
    // Leaders and page numbers as lines of their own.
    expect(removeContents('Contents\nIntroduction ..........\n1\nMethods\n..........\n5')).toBe('Contents\nIntroduction\nMethods');
    expect(removeContents('Inhaltsverzeichnis:\n1 Einleitung 1\n2 Methoden 7')).toBe('Inhaltsverzeichnis:');
    // A page of entries alone (the contents going on) keeps their titles, so it still has text.
    expect(removeContents('Results ........ 40\nDiscussion ........ 52')).toBe('Results\nDiscussion');
    // Lines above the heading, prose and a single dotted line stay.
    const prose = 'The fleet grew by 12\nboats in a year.\nWait... 5\nContents\nHarbour ........ 9';
    expect(removeContents(prose)).toBe('The fleet grew by 12\nboats in a year.\nWait... 5\nContents');
    // A Word part goes on from its contents into the text: numbers of the text after them stay.
    const part =
      'Contents\n1 Arrival 1\n2 The harbour 10\nPreface\nThis book follows one harbour town through a century of change.\nBy 1950 the fleet had grown to 12\nboats and 40 men.\nIt had 30 boats in 1970, and then 12.';
    expect(removeContents(part)).toBe(
      'Contents\nPreface\nThis book follows one harbour town through a century of change.\nBy 1950 the fleet had grown to 12\nboats and 40 men.\nIt had 30 boats in 1970, and then 12.',
    );
    const oneLeader = 'Fill in your name ........ here\nTotal ........ 12';
    expect(removeContents(oneLeader)).toBe(oneLeader);
    // Every format: a Word file's table of contents (its entries end in their page numbers after a tab).
    const word = cleanDocument(
      {
        kind: 'docx',
        title: null,
        pages: [
          { page: 1, title: 'Contents', text: 'Introduction\t1\nMethods\t4' },
          { page: 2, title: 'Introduction', text: 'The harbour was built in 1850.' },
        ],
      },
      { runningLines: false },
    );
    expect(word.pages.map((p) => p.text)).toEqual(['', 'The harbour was built in 1850.']);
  });

  it('turns Arabic presentation forms into letters, and nothing else into its compatibility form', () => {
    // "بمباركة" as a PDF font maps its glyphs: one presentation form per letter and position.
    expect(normalizeText('\ufe91\ufee4\ufe92\ufe8e\ufead\ufedb\ufe94')).toBe('بمباركة');
    // Lam-alef ligature, the name of God, and an isolated vowel mark.
    expect(normalizeText('\ufefb \ufdf2 \ufe78')).toBe('لا الله \u064f');
    // Other compatibility characters stay as written.
    expect(normalizeText('x² ＡＢＣ ½ ㎏ ℃')).toBe('x² ＡＢＣ ½ ㎏ ℃');
  });
});
