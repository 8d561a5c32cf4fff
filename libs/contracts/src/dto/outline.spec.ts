import { documentSummaryOutline, outlineMarkdown, toMarkdown, transcriptOutline } from './outline';

const video = { id: 'v1', title: 'Lecture 1', url: 'https://www.youtube.com/watch?v=abc', provider: 'youtube', provider_id: 'abc' } as const;

describe('summaries and transcripts as outlines and Markdown', () => {
  it("writes a video's summary with each section and highlight linking to its moment", () => {
    const md = toMarkdown(
      video as never,
      { overview: 'What it is about.', sections: [{ title: 'Start', start: 75, points: ['One', 'Two'] }] } as never,
      [{ start: 3725, title: '', content: 'A quote' }] as never,
      'https://app.test',
    );
    expect(md).toBe(
      [
        '# Lecture 1',
        '',
        '<https://www.youtube.com/watch?v=abc>',
        '',
        '## Overview',
        '',
        'What it is about.',
        '',
        '## [1:15](https://www.youtube.com/watch?v=abc&t=75s) Start',
        '',
        '- One',
        '- Two',
        '',
        '## Highlights',
        '',
        '- [1:02:05](https://www.youtube.com/watch?v=abc&t=3725s) **Highlight** A quote',
        '',
      ].join('\n'),
    );
  });

  it("writes a document's summary with sections and points linking to the pages they cite", () => {
    const outline = documentSummaryOutline(
      {
        title: 'Annual report',
        unit: 'slide',
        summary: { overview: 'Sales grew.', sections: [{ title: 'Sales', page: 3, points: ['Up 10%'], citations: [{ text: 'Up 10%', page: 4 }] }] },
      },
      (page) => `https://app.test/tools/pdf-summarizer?summary=s1&page=${page}`,
    );
    expect(outlineMarkdown(outline)).toContain(
      '## [Slide 3](https://app.test/tools/pdf-summarizer?summary=s1&page=3) Sales\n\n- [Slide 4](https://app.test/tools/pdf-summarizer?summary=s1&page=4) Up 10%\n',
    );
  });

  it('writes a transcript as a line per segment starting with its moment', () => {
    const outline = transcriptOutline(video as never, [{ start: 1.5, end: 3, text: 'Hello there' }] as never, 'https://app.test');
    expect(outline.blocks.at(-1)).toEqual({ type: 'item', text: 'Hello there', at: { label: '0:01', href: 'https://www.youtube.com/watch?v=abc&t=1s' } });
  });
});
