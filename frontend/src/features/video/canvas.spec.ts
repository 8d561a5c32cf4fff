import { wrapText } from './canvas';

describe('the text of a canvas card', () => {
  it('breaks long lines between words, each at most the card width', () => {
    const text = 'Batteries keep the energy of the day for the evening, when most people cook and watch television.';
    const lines = wrapText(text, 34).split('\n');
    expect(lines.length).toBeGreaterThan(2);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(34);
    expect(lines.join(' ')).toBe(text);
  });

  it('keeps the lines it is given and cuts a word longer than a line', () => {
    expect(wrapText('[0:00] Title\n• short point', 34)).toBe('[0:00] Title\n• short point');
    const url = 'https://example.com/a/very/long/path/that/never/ends/at/all';
    const lines = wrapText(url, 20).split('\n');
    expect(lines.every((l) => l.length <= 20)).toBe(true);
    expect(lines.join('')).toBe(url);
  });
});
