import type { Passage } from './ask.repository';
import { citedAnswer, excerpt, fuse, passageLabel } from './ask.service';
import { askTerms } from './terms';

const passage = (id: string): Passage => ({ id, video_id: 'v', document_id: null, start: 0, page: null, text: id, title: 'T', score: 1 });

describe('askTerms', () => {
  it('keeps the words worth searching for, folded, without the words every question has', () => {
    expect(askTerms('Where does the Krebs cycle take place?')).toEqual(['kreb', 'cycle', 'take', 'place']);
    expect(askTerms('How do honeybees tell each other where flowers are?')).toEqual(['honeybee', 'flower']);
    expect(askTerms('What is it?')).toEqual([]);
    // "how long" asks for a time: "long" is not the subject
    expect(askTerms('How long does the pasta cook before you taste it?')).toEqual(['pasta', 'cook', 'taste']);
    expect(askTerms('Is the bridge long?')).toEqual(['bridge', 'long']);
    expect(askTerms('?!')).toEqual([]);
  });

  it('leaves out scripts without spaces (found by meaning instead) and bounds the count', () => {
    expect(askTerms('光合作用发生在哪里')).toEqual([]);
    expect(askTerms(Array.from({ length: 40 }, (_, i) => `word${i}`).join(' '))).toHaveLength(12);
  });
});

describe('citedAnswer', () => {
  it('numbers the cited passages again in the order they are first cited, and drops markers that name none', () => {
    expect(citedAnswer('Bees dance [3]. They also sing [1][3]. Nothing else [9].', 3)).toEqual({
      text: 'Bees dance [1]. They also sing [2][1]. Nothing else.',
      cited: [3, 1],
    });
    expect(citedAnswer('Both [2, 1].', 2)).toEqual({ text: 'Both [1][2].', cited: [2, 1] });
    expect(citedAnswer('No citation at all.', 2).cited).toEqual([]);
  });
});

describe('fuse', () => {
  it("puts first what both lists rank high (reciprocal rank fusion; ties keep the first list's order)", () => {
    const [a, b, c, d] = ['a', 'b', 'c', 'd'].map(passage);
    expect(
      fuse(
        [
          [a, b, c],
          [c, d],
        ],
        3,
      ).map((p) => p.id),
    ).toEqual(['c', 'a', 'b']);
    expect(fuse([[], []], 3)).toEqual([]);
  });
});

describe('excerpt and passageLabel', () => {
  it('cuts long text around the first word asked about, at word ends', () => {
    const text = `${'filler words here '.repeat(40)}the waggle dance of bees ${'more filler '.repeat(40)}`;
    const cut = excerpt(text, ['waggle'], 120);
    expect(cut).toContain('waggle dance');
    expect(cut.startsWith('…') && cut.endsWith('…')).toBe(true);
    expect(cut.length).toBeLessThanOrEqual(122);
    expect(excerpt('short', ['x'], 100)).toBe('short');
  });

  it('names a moment by its clock time and a page by its number', () => {
    expect(passageLabel({ title: 'Talk', start: 3725, page: null })).toBe('Talk, 1:02:05');
    expect(passageLabel({ title: 'Talk', start: 75, page: null })).toBe('Talk, 1:15');
    expect(passageLabel({ title: 'Book', start: null, page: 4 })).toBe('Book, p. 4');
  });
});
