import { bboxLayoutReader, parseBboxLayout } from './pdf-poppler';

const word = (text: string, yMin: number, yMax: number) => `<word xMin="10.0" yMin="${yMin}" xMax="20.0" yMax="${yMax}">${text}</word>`;
/** A line's box spans its words' boxes. */
const line = (words: string[]) => {
  const ys = words.flatMap((w) => [...w.matchAll(/y(?:Min|Max)="([\d.]+)"/g)].map((m) => Number(m[1])));
  return `<line xMin="1" yMin="${Math.min(...ys)}" xMax="2" yMax="${Math.max(...ys)}">${words.join('')}</line>`;
};
const page = (...lines: string[][]) =>
  `<page width="595" height="842"><flow><block xMin="1" yMin="1" xMax="2" yMax="2">${lines.map(line).join('')}</block></flow></page>`;
const doc = (...pages: string[]) => `<!DOCTYPE html><html><head><title></title></head><body><doc>${pages.join('')}</doc></body></html>`;

describe("pdftotext's word boxes", () => {
  it('reads each page as lines of words with their height, XML escapes undone', () => {
    const pages = parseBboxLayout(
      doc(page([word('Chapter', 40, 71.2), word('1:', 40, 71.2)], [word('Fish', 82, 97.6), word('&amp;', 82, 97.6), word('chips', 82, 97.6)]), page()),
    );
    expect(pages).toEqual([
      {
        lines: [
          { text: 'Chapter 1:', height: expect.closeTo(31.2, 5) },
          { text: 'Fish & chips', height: expect.closeTo(15.6, 5) },
        ],
        plain: true,
      },
      { lines: [], plain: false },
    ]);
  });

  it('leaves to pdf.js the pages whose script or sizes need its careful reading', () => {
    const plain = (...lines: string[][]) => parseBboxLayout(doc(page(...lines)))[0].plain;
    expect(plain([word('Œuvres', 0, 12), word('€5', 0, 12), word('Ωμέγα', 0, 12), word('«Москва»', 0, 12)])).toBe(true);
    // Right to left, CJK, Indic, a combining mark, a ligature letter, a control code.
    for (const text of ['שלום', 'مرحبا', '日本語', 'भारत', 'e\u0301', 'ﬁne', 'a\u0007b']) expect(plain([word(text, 0, 12)])).toBe(false);
    // A raised footnote mark set smaller inside a line.
    expect(plain([word('Solar', 10, 22), word('1', 8, 15)])).toBe(false);
    // Lines of different sizes are fine (a heading over its text).
    expect(plain([word('Heading', 0, 30)], [word('Body', 40, 52)])).toBe(true);
    // Lines side by side: columns, or the cells of a table.
    expect(plain([word('Left', 40, 52)], [word('Right', 41, 53)])).toBe(false);
  });

  it('reads the answer the same in pieces cut anywhere', () => {
    const xml = doc(
      page([word('Chapter', 40, 71.2), word('1:', 40, 71.2)], [word('Fish', 82, 97.6), word('&amp;', 82, 97.6), word('chips', 82, 97.6)]),
      page([word('Œuvres', 0, 12), word('&#x20AC;5', 0, 12)]),
      page([word('Left', 40, 52)], [word('Right', 41, 53)]),
    );
    for (const size of [1, 7, 64]) {
      const reader = bboxLayoutReader();
      for (let at = 0; at < xml.length; at += size) reader.feed(xml.slice(at, at + size));
      expect(reader.end()).toEqual(parseBboxLayout(xml));
    }
    expect(parseBboxLayout(xml)[1].lines[0].text).toBe('Œuvres €5');
  });
});
