import { TWO_TOPICS } from '@visualnotes/testing';
import { cutSentence, isNoise, sentences, splitSentences, summarizeExtractive, terms } from './builtin.provider';

const { solar, pasta } = TWO_TOPICS;

describe('built-in summarizer', () => {
  it('finds the topic shift and keeps the start time of each section', () => {
    const units = [...solar, ...pasta].map((text, i) => ({ text, start: i * 5 }));
    const summary = summarizeExtractive({ units });
    expect(summary.sections.map((s) => s.start)).toEqual([0, 30]);
    expect(summary.sections[1].points.join(' ')).toMatch(/pasta/);
    expect(summary.sections[0].points.join(' ')).not.toMatch(/pasta/);
    for (const s of summary.sections) expect(s.points.length).toBeGreaterThanOrEqual(2);
  });

  it('keeps pages for documents', () => {
    const summary = summarizeExtractive({
      units: [
        { text: solar.join(' '), page: 1 },
        { text: pasta.join(' '), page: 2 },
      ],
    });
    expect(summary.sections.map((s) => s.page)).toEqual([1, 2]);
  });

  it('handles Chinese without spaces by character bigrams', () => {
    expect(terms('神经网络由很多层组成')).toContain('神经');
    const units = [
      '太阳能电池板把阳光变成电能。',
      '太阳能电池板需要阳光照射。',
      '电池可以储存太阳能电能。',
      '今天我们做意大利面。',
      '意大利面要在开水里煮八分钟。',
      '煮好的意大利面拌上番茄酱。',
    ].map((text, i) => ({ text, start: i * 3 }));
    const summary = summarizeExtractive({ units });
    expect(summary.overview).toMatch(/[\u4e00-\u9fff]/);
    expect(summary.sections.flatMap((s) => s.points).length).toBeGreaterThanOrEqual(2);
  });

  it('never repeats a sentence that the captions repeat word for word', () => {
    const again = 'Mix the flour and water first and let it rest for an hour.';
    const units = [
      'Today we bake sourdough bread at home with flour and water.',
      again,
      'The flour and water mixture becomes a dough after an hour.',
      again,
      'Add the starter and salt to the dough and mix again.',
      again,
      'Fold the dough every thirty minutes and let it rest.',
      'Bake the bread in a hot oven for forty minutes.',
    ].map((text, i) => ({ text, start: i * 5 }));
    const summary = summarizeExtractive({ units });
    const all = [summary.overview, ...summary.sections.flatMap((s) => s.points)].join(' ').toLowerCase();
    for (const text of [summary.overview, ...summary.sections.map((s) => s.points.join(' '))]) {
      expect(text.toLowerCase().split('mix the flour and water').length).toBeLessThanOrEqual(2);
    }
    expect(all).toContain('flour');
  });

  it('refuses an empty transcript with the catalogue message', () => {
    expect(() => summarizeExtractive({ units: [{ text: '  ', start: 0 }] })).toThrow('Unable to summarize because no transcript was found');
  });

  it('joins caption lines without punctuation into sentences', () => {
    const units = Array.from({ length: 40 }, (_, i) => ({ text: `caption line number ${i} about rockets and engines`, start: i }));
    const summary = summarizeExtractive({ units });
    expect(summary.sections[0].start).toBe(0);
    expect(summary.sections[0].points[0].split(' ').length).toBeGreaterThan(10);
  });
});

describe('built-in summarizer: sentences, titles and overview', () => {
  it('splits sentences in every script with Intl.Segmenter', () => {
    expect(splitSentences('東京は日本の首都です。大阪は二番目に大きい都市です。')).toEqual(['東京は日本の首都です。', '大阪は二番目に大きい都市です。']);
    expect(splitSentences('تعمل الرياح على تدوير التوربينات. كتاب الطاقة مفيد.')).toHaveLength(2);
    expect(splitSentences('Printed lines are\njoined first. Then split.')).toEqual(['Printed lines are joined first.', 'Then split.']);
  });

  it('titles a video section from the stretch its timestamp points to, not with a cut-off sentence', () => {
    const units = [...solar, ...pasta].map((text, i) => ({ text, start: i * 5 }));
    const summary = summarizeExtractive({ units });
    for (const s of summary.sections) expect(s.title).not.toMatch(/…$/);
    const second = summary.sections[1];
    expect(second.start).toBe(30);
    // The title speaks of what is said from 0:30 on.
    expect(second.title.toLowerCase()).toMatch(/pasta|water|sauce|boil|cook/);
  });

  it('never offers the end of a sentence cut by a page range as a point', () => {
    const units = [{ text: 'because the grid needs storage at night. ' + solar.join(' '), page: 4 }];
    const summary = summarizeExtractive({ units });
    expect(summary.sections.flatMap((s) => s.points).join(' ')).not.toMatch(/because the grid/);
    expect(summary.overview).not.toMatch(/^because/);
  });

  it("follows a document's own headings when it has them", () => {
    const units = [
      { text: solar.join(' '), page: 1, heading: 'Solar energy' },
      { text: pasta.join(' '), page: 2, heading: 'Cooking pasta' },
    ];
    const summary = summarizeExtractive({ units, maxSections: 2 });
    expect(summary.sections.map((s) => [s.title, s.page])).toEqual([
      ['Solar energy', 1],
      ['Cooking pasta', 2],
    ]);
  });

  it('keeps a title block (title, authors, affiliations) out of the points and the overview', () => {
    const page1 = [
      'Solar power for small towns',
      'Andreas Gal∗+, Brendan Eich∗, Mike Shaver∗',
      'Mozilla Corporation ∗ {gal,brendan,shaver}@mozilla.com',
      'Department of Statistics',
      'University of California',
      ...solar,
    ].join('\n');
    const summary = summarizeExtractive({
      units: [
        { text: page1, page: 1 },
        { text: pasta.join(' '), page: 2, heading: 'Cooking pasta' },
      ],
    });
    const said = [summary.overview, ...summary.sections.flatMap((s) => s.points)].join(' ');
    expect(said).not.toMatch(/Gal∗|mozilla\.com|Department of Statistics|University of California/);
    expect(summary.overview.startsWith(solar[0])).toBe(true);
  });

  it('does not offer table rows or lists of names as points', () => {
    expect(isNoise('Before Exercise 25.59 1.59 1.980 .052 After Exercise 21.45 2.08 3.11')).toBe(true);
    expect(isNoise('Andreas Gal, Brendan Eich, Mike Shaver, David Anderson, David Mandelin')).toBe(true);
    expect(isNoise(solar[0])).toBe(false);
    // German capitalises its nouns and is still prose.
    expect(isNoise('Die Sonne liefert an einem klaren Tag genug Energie für das ganze Dorf und seine Schule.')).toBe(false);
    expect(isNoise('太阳能电池板把阳光变成电能，屋顶上的板子可以为整栋房子供电。')).toBe(false);
  });

  it('never says numbers without words (page numbers, a column of figures) as a point or the overview', () => {
    expect(isNoise('11 12 13 14')).toBe(true);
    expect(isNoise('— 12 —')).toBe(true);
    expect(isNoise('12')).toBe(true);
    expect(isNoise('Sales grew 12 percent.')).toBe(false);
    const said = (summary: { overview: string; sections: { points: string[] }[] }) => [summary.overview, ...summary.sections.flatMap((s) => s.points)];
    // A page of numbers alone, in a document with prose and without.
    const mixed = summarizeExtractive({
      units: [
        { text: '11\n12\n13\n14', page: 1 },
        { text: solar.join(' '), page: 2 },
        { text: '2019\n2020\n2021', page: 3, heading: 'Figures' },
        { text: pasta.join(' '), page: 4, heading: 'Cooking pasta' },
      ],
    });
    for (const text of said(mixed)) expect(text).toMatch(/\p{L}/u);
    const headed = summarizeExtractive({
      units: [
        { text: 'A short note on the harbour.', page: 1, heading: 'Harbour' },
        { text: '11\n12\n13\n14', page: 2, heading: 'Tides' },
      ],
    });
    for (const text of said(headed)) expect(text).toMatch(/\p{L}/u);
  });
});

describe('built-in summarizer: scripts with combining marks and without spaces between words', () => {
  const THAI = [
    'พลังงานแสงอาทิตย์มีประโยชน์มากสำหรับบ้าน แผงบนหลังคาเปลี่ยนแสงแดดเป็นไฟฟ้า แบตเตอรี่เก็บพลังงานไว้ใช้ตอนเย็น',
    'ราคาแผงลดลงมากในสิบปี หลายเมืองให้เงินช่วยเหลือแก่ครัวเรือน แผงต้องการการดูแลน้อยมาก ฝนชะล้างฝุ่นส่วนใหญ่ออกไป',
  ].join(' ');

  it('reads Hindi words whole, with their vowel signs', () => {
    expect(terms('सौर ऊर्जा घरों के लिए उपयोगी है')).toEqual(expect.arrayContaining(['ऊर्जा', 'घरों', 'उपयोगी']));
  });

  it('cuts Thai into words, and into sentences at the spaces between Thai letters (not around numbers)', () => {
    expect(terms('พลังงานแสงอาทิตย์มีประโยชน์')).toEqual(expect.arrayContaining(['พลังงาน', 'ประโยชน์']));
    const thai = splitSentences(THAI);
    expect(thai).toHaveLength(7);
    expect(thai[0]).toBe('พลังงานแสงอาทิตย์มีประโยชน์มากสำหรับบ้าน');
    expect(splitSentences('แผงหนึ่งแผงผลิตไฟ 400 วัตต์ตอนเที่ยง')).toHaveLength(1);
  });

  it('gives a Thai text short section titles and points, not the whole text', () => {
    const summary = summarizeExtractive({ units: [{ text: THAI, page: 1 }] });
    for (const section of summary.sections) {
      expect([...section.title].length).toBeLessThanOrEqual(61);
      expect(THAI.startsWith(section.title.replace(/…$/, ''))).toBe(true); // cut between words
      for (const point of section.points) expect(point.length).toBeLessThan(THAI.length);
    }
  });
});

describe('built-in summarizer: text extracted from slides and printed pages', () => {
  // Slides laid out from a printed page: one text box per printed line, the first taken for the slide's title.
  const slides = [
    {
      page: 1,
      heading: 'Introduction',
      text: [
        'Students often reread their notes before an exam, although rereading is a weak',
        'way to remember what was taught. Drawing a concept map asks the learner to name',
        'the main ideas of a lesson and to connect them with labelled links.',
        'Half of the students were given',
        'Canvas Kits and drew their maps on a shared board during the lecture on cell respiration.',
        'The canvas group scored higher on recall and transfer questions.',
      ].join('\n'),
    },
    {
      page: 2,
      heading: 'The canvas group scored higher on recall and transfer questions. They also',
      text: [
        'reported enjoying the study session more. The canvas group scored higher on recall',
        'and transfer questions. The average recall score was 14.2 out of 20 in the canvas',
        'group and 11.8 out of 20 in the notes group. The canvas group scored higher on',
        'recall and transfer questions, as the table shows.',
      ].join('\n'),
    },
  ];

  it('never titles a section with a cut sentence, and keeps the sentence it cut whole', () => {
    const summary = summarizeExtractive({ units: slides, maxSections: 2 });
    expect(summary.sections.map((s) => s.title)).toEqual(['Introduction']);
    const said = [summary.overview, ...summary.sections.flatMap((s) => s.points)];
    for (const text of said) expect(text).not.toMatch(/^reported|They also$/);
    const all = sentences(slides).map((s) => s.text);
    expect(all).toContain('They also reported enjoying the study session more.');
    expect(cutSentence('The canvas group scored higher on recall and transfer questions. They also')).toBe(true);
    expect(cutSentence('received a ten-minute introduction', 'before the lecture.')).toBe(true);
    expect(cutSentence('Results', 'reduced errors by a fifth')).toBe(false);
    expect(cutSentence('3.2 Training on the full data set')).toBe(false);
  });

  it('joins printed lines into whole sentences before choosing points, a short line inside a sentence included', () => {
    const points = summarizeExtractive({ units: slides, maxSections: 2 }).sections.flatMap((s) => s.points);
    for (const point of points) expect(point).toMatch(/^\p{Lu}.*[.]$/u);
    expect(sentences(slides).map((s) => s.text)).toContain(
      'Half of the students were given Canvas Kits and drew their maps on a shared board during the lecture on cell respiration.',
    );
  });

  it('never says the same point twice in a summary, nor nearly the same', () => {
    const summary = summarizeExtractive({ units: slides, maxSections: 2 });
    const points = summary.sections.flatMap((s) => s.points);
    expect(points.filter((p) => /^The canvas group scored higher on recall/.test(p))).toHaveLength(1);
    // Across sections too: a document that repeats its key sentence under every heading.
    const key = 'Concept maps drawn on a shared canvas helped the students remember the lecture.';
    const units = [
      {
        page: 1,
        heading: 'Method',
        text: `${key} Sixty students watched one lecture on cell respiration. Half of them drew maps while the others wrote notes.`,
      },
      { page: 2, heading: 'Results', text: `${key} The average recall score was 14.2 against 11.8. Transfer scores were closer but still apart.` },
      {
        page: 3,
        heading: 'Conclusion',
        text: `Concept maps drawn on a shared canvas helped the students remember the whole lecture. Teachers can try the method with one class first. A larger study is planned.`,
      },
    ];
    const all = summarizeExtractive({ units, maxSections: 3 }).sections.flatMap((s) => s.points);
    expect(all.filter((p) => p.startsWith('Concept maps drawn on a shared canvas'))).toHaveLength(1);
  });

  it("titles a document's section without a heading by its opening words, cut between words", () => {
    const text = [
      'We wanted to know whether students who drew concept maps on a shared canvas remembered more of a lecture than students who took ordinary linear notes.',
      'Sixty first-year biology students watched the same twenty-minute lecture on cell respiration.',
      'One week later every student answered twenty recall questions and ten transfer questions without looking at their notes.',
    ].join(' ');
    const [section] = summarizeExtractive({ units: [{ text, page: 1 }] }).sections;
    expect(section.title).toBe('We wanted to know whether students who drew…');
    expect([...section.title].length).toBeLessThanOrEqual(61);
  });
});

describe('built-in summarizer: line breaks', () => {
  it('ends a list item at its line break although it has no end punctuation', () => {
    const slide = [
      'Costs for next year',
      'Budget line 3 thousand euros',
      'Budget line 30 thousand euros',
      'Two new staff for the library',
      'The board approved the plan in May.',
    ].join('\n');
    expect(splitSentences(slide)).toEqual([
      'Costs for next year',
      'Budget line 3 thousand euros',
      'Budget line 30 thousand euros',
      'Two new staff for the library',
      'The board approved the plan in May.',
    ]);
    expect(splitSentences('• Budget line 3 thousand euros\n• Budget line 30 thousand\neuros for the buildings\n- Staff: four people')).toEqual([
      '• Budget line 3 thousand euros',
      '• Budget line 30 thousand euros for the buildings',
      '- Staff: four people',
    ]);
    expect(sentences([{ text: slide, page: 1 }]).map((s) => s.text)).toContain('Budget line 30 thousand euros');
  });

  it('keeps wrapped prose joined, a short line before a capitalised word included', () => {
    const prose = [
      'Students often reread their notes before an exam, although rereading is a weak',
      'way to remember what was taught. Half of the students were given',
      'Canvas Kits and drew their maps on a shared board during the lecture.',
    ].join('\n');
    expect(splitSentences(prose)).toEqual([
      'Students often reread their notes before an exam, although rereading is a weak way to remember what was taught.',
      'Half of the students were given Canvas Kits and drew their maps on a shared board during the lecture.',
    ]);
    expect(splitSentences('The grant was given by\nThe City of Leeds in 2024.')).toEqual(['The grant was given by The City of Leeds in 2024.']);
  });

  it('joins a line break inside Chinese, Japanese or Thai text without a space (and no Thai sentence break there)', () => {
    expect(splitSentences('東京は日本の\n首都です。大阪は二番目に\n大きい都市です。')).toEqual(['東京は日本の首都です。', '大阪は二番目に大きい都市です。']);
    expect(splitSentences('太阳能电池板把阳光\n变成电能。')).toEqual(['太阳能电池板把阳光变成电能。']);
    expect(splitSentences('พลังงานแสงอาทิตย์มี\nประโยชน์มากสำหรับบ้าน แผงบนหลังคา')).toEqual(['พลังงานแสงอาทิตย์มีประโยชน์มากสำหรับบ้าน', 'แผงบนหลังคา']);
    expect(sentences([{ text: '東京は日本の\n首都です。', page: 1 }]).map((s) => s.text)).toEqual(['東京は日本の首都です。']);
    // Between a Latin word and a character of those scripts the line break stays a space.
    expect(splitSentences('Tokyo\n東京です。')).toEqual(['Tokyo 東京です。']);
  });
});
