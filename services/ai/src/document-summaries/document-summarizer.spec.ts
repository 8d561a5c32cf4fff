import type { DocumentPageView } from '@visualnotes/contracts';
import { BuiltinSummaryProvider } from '../summaries/providers/builtin.provider';
import { combineChunks, headingGroups, summarizeChunk, type DocumentChunkSummary } from './document-summarizer';

const provider = new BuiltinSummaryProvider();
const paper: DocumentPageView[] = [
  {
    page: 1,
    title: '1 Introduction',
    headings: ['1 Introduction', '2 Trace trees'],
    text:
      'Trace compilation for dynamic languages\nWe present an alternative compilation technique for dynamically typed languages that records hot loops as traces.\n' +
      '1 Introduction\nDynamic languages are popular for web applications. Their interpreters are slow because every operation checks types at run time. Compilers for them must cope with types that change.\n' +
      '2 Trace trees\nA trace tree records the path a loop takes most often. Side exits return to the interpreter when a type guard fails. Nested loops become nested trees.',
  },
  {
    page: 2,
    title: '3 Evaluation',
    headings: ['3 Evaluation', '4 References'],
    text:
      '3 Evaluation\nThe compiler speeds up benchmark programs by a factor of three on average. Memory use grows by less than ten percent. Short programs gain little because recording costs time.\n' +
      '4 References\n[1] A. Gal et al. Trace-based just-in-time type specialization for dynamic languages. PLDI 2009.',
  },
  { page: 3, title: null, references: true, text: '[2] M. Chang et al. Tracing for web 3.0. VEE 2009.' },
];

describe('document summaries that follow the document', () => {
  it('makes one section per heading of the document, titled with it, and leaves the bibliography out', async () => {
    const chunk = await summarizeChunk(provider, { index: 0, title: 'Trace compilation', pages: paper, maxSections: 2 });
    // The opening before the first heading gets a title of its own: a phrase, not a cut-off sentence.
    expect(chunk.sections[0].title).toMatch(/^\p{Lu}[^…]+$/u);
    expect(chunk.sections.slice(1).map((s) => [s.title, s.page])).toEqual([
      ['1 Introduction', 1],
      ['2 Trace trees', 1],
      ['3 Evaluation', 2],
    ]);
    const all = JSON.stringify(chunk);
    expect(all).not.toMatch(/PLDI|VEE 2009/);
    // Points are whole sentences, each citing its page.
    for (const s of chunk.sections) for (const c of s.citations!) expect(c.text).toMatch(/^\p{Lu}.*[.]$/u);
    expect(chunk.sections[3].citations!.map((c) => c.page)).toEqual(chunk.sections[3].points.map(() => 2));
  });

  it('opens the overview with what the document is about', async () => {
    const chunk = await summarizeChunk(provider, { index: 0, title: 'Trace compilation', pages: paper, maxSections: 2 });
    expect(chunk.overview).toMatch(/^(Trace compilation for dynamic languages We present|We present|Dynamic languages)/);
  });

  it('keeps a chapter cut by a chunk boundary as one section, and never starts a point mid-sentence', async () => {
    const first = await summarizeChunk(provider, {
      index: 0,
      title: 'Book',
      pages: [
        {
          page: 1,
          title: 'Chapter one',
          headings: ['Chapter one'],
          text: 'Chapter one\nThe harbour town grew around its fishing fleet. Boats left before dawn every day. The catch was sold on the quay by noon and the',
        },
      ],
      maxSections: 4,
    });
    const second = await summarizeChunk(provider, {
      index: 1,
      title: 'Book',
      pages: [
        { page: 2, title: null, text: 'traders carried it inland on carts. Winter storms kept the fleet in port for weeks. Families mended nets by the fire.' },
        {
          page: 3,
          title: 'Chapter two',
          headings: ['Chapter two'],
          text: 'Chapter two\nA railway reached the town in the spring. Tourists arrived with the trains. Hotels replaced the net sheds along the shore.',
        },
      ],
      maxSections: 4,
    });
    expect(second.continues).toBe(true);
    expect(second.sections[0].points.join(' ')).not.toMatch(/^traders|(^| )traders carried/);
    const summary = await combineChunks(provider, 'Book', [second, first]);
    expect(summary.sections.map((s) => s.title)).toEqual(['Chapter one', 'Chapter two']);
    expect(summary.sections[0].points.join(' ')).toMatch(/Winter storms|Families mended/);
  });

  it('gives no sections of its own to a document without headings', () => {
    expect(headingGroups([{ page: 1, title: null, text: 'Plain text.' }])).toBeNull();
  });

  it('never cuts a sentence where it repeats the words of its section title', () => {
    const pages: DocumentPageView[] = [
      { page: 1, title: 'Budget', text: 'The Budget for 2025 was approved in March.' },
      { page: 2, headings: ['Results', 'Outlook'], title: null, text: 'Results\nThe Results improved.\nOutlook\nA calm Outlook.' },
    ];
    const groups = headingGroups(pages)!;
    expect(groups.map((g) => [g.title, g.units.map((u) => u.text)])).toEqual([
      ['Budget', ['The Budget for 2025 was approved in March.']],
      ['Results', ['The Results improved.']],
      ['Outlook', ['A calm Outlook.']],
    ]);
  });

  it('caps the sections of a chunk full of headings by joining the smallest', () => {
    const pages: DocumentPageView[] = Array.from({ length: 20 }, (_, i) => ({
      page: i + 1,
      title: `Slide ${i + 1}`,
      text: `Point ${i + 1} of the talk.`.repeat(i % 3 === 0 ? 5 : 1),
    }));
    const groups = headingGroups(pages)!;
    expect(groups).toHaveLength(12);
    expect(groups.flatMap((g) => g.units).map((u) => u.page)).toEqual(pages.map((p) => p.page));
  });
});

describe('Word and slide documents', () => {
  it('leaves a Word part titled as a bibliography out of the summary', async () => {
    const pages: DocumentPageView[] = [
      { page: 1, title: 'Method', text: 'We measured the output of forty rooftop panels for a year. Output peaked in June.' },
      { page: 2, title: 'Literaturverzeichnis', text: 'Müller, A. Solarenergie. Berlin 2019.' },
    ];
    const chunk = await summarizeChunk(provider, { index: 0, title: 'Report', pages, maxSections: 2 });
    expect(chunk.sections.map((s) => s.title)).toEqual(['Method']);
    expect(JSON.stringify(chunk)).not.toContain('Müller');
  });
});

describe('slides and pages whose lines were broken mid-sentence', () => {
  it("keeps a slide's first line that is a cut sentence as text, not as the title of a section", async () => {
    const pages: DocumentPageView[] = [
      {
        page: 1,
        title: 'Results',
        text: 'The canvas group scored higher on recall questions than the notes group.\nThe average recall score was 14.2 out\nof 20 in the canvas group and 11.8 in the notes group.',
      },
      {
        page: 2,
        title: 'The canvas group scored higher on transfer questions too. They also',
        text: 'reported enjoying the study session more. Students in the canvas group spent\nslightly more time on their notes, which may explain part of the gain.',
      },
    ];
    const groups = headingGroups(pages)!;
    expect(groups.map((g) => g.title)).toEqual(['Results']);
    expect(groups[0].units[1].text).toMatch(/^The canvas group scored higher on transfer questions too\. They also\nreported/);
    const chunk = await summarizeChunk(provider, { index: 0, title: 'Study', pages, maxSections: 2 });
    expect(chunk.sections.map((s) => s.title)).toEqual(['Results']);
    for (const point of chunk.sections.flatMap((s) => s.points)) expect(point).toMatch(/^\p{Lu}.*\.$/u);
  });

  it('makes one section per heading line of a document without styled headings, and repeats no point across them', async () => {
    const pages: DocumentPageView[] = [
      {
        page: 1,
        title: null,
        headings: ['Introduction', 'Method', 'Results'],
        text: [
          'Concept Maps and Recall',
          'Introduction',
          'Students often reread their notes before an exam, although rereading is a weak',
          'way to remember what was taught. The canvas group scored higher on recall and',
          'transfer questions.',
          'Method',
          'Sixty students watched the same lecture on cell respiration. Half of them drew',
          'concept maps during the lecture, while the other half wrote linear notes.',
          'Results',
          'The canvas group scored higher on recall and transfer questions. They also',
          'reported enjoying the study session more. The canvas group scored higher on',
          'recall and transfer questions, as the table shows.',
        ].join('\n'),
      },
    ];
    const chunk = await summarizeChunk(provider, { index: 0, title: 'Study', pages, maxSections: 4, structured: true });
    expect(chunk.sections.map((s) => s.title)).toEqual(['Introduction', 'Method', 'Results']);
    const points = chunk.sections.flatMap((s) => s.points);
    expect(points).toContain('They also reported enjoying the study session more.');
    expect(points.filter((p) => p.startsWith('The canvas group scored higher'))).toHaveLength(1);
  });
});

describe('the summary of a long document, chunk by chunk', () => {
  it('says no point twice across chunks, and drops a section left with nothing of its own', async () => {
    const key = 'Concept maps helped the students remember the lecture.';
    const chunk = (index: number, from: number, points: string[][]): DocumentChunkSummary => ({
      index,
      from,
      overview: '',
      sections: points.map((p, i) => ({ title: `Part ${from + i}`, page: from + i, points: p, citations: p.map((text) => ({ text, page: from + i })) })),
    });
    const summary = await combineChunks(provider, 'Study', [
      chunk(0, 1, [[key, 'Sixty students watched one lecture.']]),
      chunk(1, 2, [['Concept maps helped the students remember the lecture!', 'Recall rose from 11.8 to 14.2 points.'], [`${key.slice(0, -1)} and apply it.`]]),
    ]);
    expect(summary.sections.map((s) => [s.title, s.points])).toEqual([
      ['Part 1', [key, 'Sixty students watched one lecture.']],
      ['Part 2', ['Recall rose from 11.8 to 14.2 points.']],
    ]);
    expect(summary.sections[1].citations).toEqual([{ text: 'Recall rose from 11.8 to 14.2 points.', page: 2 }]);
  });
});

describe('headings of the outline printed otherwise on their page', () => {
  const report: DocumentPageView[] = [
    {
      page: 1,
      title: null,
      headings: ['1 Scope', 'Budget and staffing for the three buildings', '3 Schedule'],
      text: [
        '1  SCOPE',
        'The plan covers the town hall, the library and the school. Each building gets new windows and a heat pump.',
        'Budget and staffing for the three',
        'buildings',
        'The works cost 2.4 million euros in total. Four people run the project for two years.',
        '3 Schedule',
        'Work starts in March and ends before the winter of the following year.',
      ].join('\n'),
    },
  ];

  it('finds a heading wrapped onto two lines, or spaced and cased otherwise, as the start of its section', () => {
    const groups = headingGroups(report)!;
    expect(groups.map((g) => [g.title, g.units.map((u) => u.text)])).toEqual([
      ['1 Scope', ['The plan covers the town hall, the library and the school. Each building gets new windows and a heat pump.']],
      ['Budget and staffing for the three buildings', ['The works cost 2.4 million euros in total. Four people run the project for two years.']],
      ['3 Schedule', ['Work starts in March and ends before the winter of the following year.']],
    ]);
  });

  it("never glues a heading's own words onto the first point of its section", async () => {
    const chunk = await summarizeChunk(provider, { index: 0, title: 'Renovation', pages: report, maxSections: 3 });
    expect(chunk.sections.map((s) => s.title)).toEqual(['1 Scope', 'Budget and staffing for the three buildings', '3 Schedule']);
    expect(chunk.sections[1].points[0]).toBe('The works cost 2.4 million euros in total.');
    for (const point of chunk.sections.flatMap((s) => s.points)) expect(point).not.toMatch(/^(1 SCOPE|Budget and staffing|buildings)/i);
  });

  it('does not let a heading missing from its page take the text of the next section, nor leave one empty', () => {
    const pages: DocumentPageView[] = [
      {
        page: 1,
        title: null,
        // The outline's wording: printed as "Project overview" on the page.
        headings: ['Overview'],
        text: 'Project overview\nThe town renovates three public buildings over two years.',
      },
      {
        page: 2,
        title: null,
        headings: ['Costs', 'Risks and mitigation'],
        text: 'Costs\nThe works cost 2.4 million euros in total.\nRisks and\nremedies\nDelays in delivery could push the end into spring.',
      },
    ];
    const groups = headingGroups(pages)!;
    expect(groups.map((g) => [g.title, g.units.map((u) => [u.page, u.text])])).toEqual([
      ['Overview', [[1, 'Project overview\nThe town renovates three public buildings over two years.']]],
      ['Costs', [[2, 'The works cost 2.4 million euros in total.\nRisks and\nremedies\nDelays in delivery could push the end into spring.']]],
    ]);
  });
});
