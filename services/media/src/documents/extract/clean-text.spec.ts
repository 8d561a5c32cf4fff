import { cleanDocument, dehyphenate, documentTitle, hyphenatedWords, isUnreadable, joinWrappedLines, normalizeText, removeRunningLines } from './clean-text';
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
