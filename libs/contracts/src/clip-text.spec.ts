import { clipText, clipFileName } from './clip-text';

describe('clipText', () => {
  it('leaves text that fits alone', () => {
    expect(clipText('Quarterly report', 16)).toBe('Quarterly report');
  });

  it('never splits an emoji, a flag, a family or a letter with its accents', () => {
    for (const [text, max] of [
      ['ab😀😀😀', 3],
      ['ab🇩🇪🇫🇷', 5],
      ['x👨‍👩‍👧‍👦y', 6],
      ['cafe\u0301 au lait', 4],
    ] as const) {
      const cut = clipText(text, max);
      expect(cut.length).toBeLessThanOrEqual(max);
      expect(text.startsWith(cut)).toBe(true);
      expect(cut).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
      expect([...new Intl.Segmenter().segment(text)].some((s) => s.index === cut.length) || cut.length === 0).toBe(true);
    }
  });

  it('ends at a whole word when one ends near the limit, with an ellipsis when asked', () => {
    expect(clipText('The quarterly report of the northern region', 30)).toBe('The quarterly report of the');
    expect(clipText('The quarterly report of the northern region', 30, true)).toBe('The quarterly report of the…');
    expect(clipText('The quarterly report of the northern region', 30, true).length).toBeLessThanOrEqual(30);
    // no space near the end: cut inside the word rather than lose most of the room
    expect(clipText('Donaudampfschifffahrtsgesellschaftskapitän', 20)).toBe('Donaudampfschifffahr');
    // scripts without spaces are cut between characters
    expect(clipText('会议记录第一季度销售总结报告', 6, true)).toBe('会议记录第…');
  });
});

describe('clipFileName', () => {
  it('keeps the extension of a long name', () => {
    const name = `${'Jahresbericht Wärmepumpen '.repeat(12)}final 🙂.pdf`;
    const cut = clipFileName(name, 100);
    expect(cut.length).toBeLessThanOrEqual(100);
    expect(cut).toMatch(/…\.pdf$/);
  });

  it('cuts a name whose "extension" is most of it like any text', () => {
    expect(clipFileName('a.verylongext', 8)).toBe('a.veryl…');
  });
});
