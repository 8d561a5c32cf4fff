import { exportFileName } from '../exports.service';
import { boardOrder } from './board-order';
import { rasterScale, PNG_MAX_PIXELS, PNG_MAX_SIDE } from './formats';
import { darkColor, parseTransform } from './svg-text';

describe('export helpers', () => {
  it('orders frames as a page is read: rows top to bottom, left to right within a row', () => {
    const f = (id: string, x: number, y: number) => ({ id, x, y, height: 600 });
    const order = boardOrder([f('c', 0, 900), f('b', 1000, 40), f('a', 0, 0), f('d', 1000, 950)]).map((x) => x.id);
    expect(order).toEqual(['a', 'b', 'c', 'd']);
  });

  it('reads the transforms Excalidraw writes', () => {
    expect(parseTransform('translate(10 20)')).toEqual([1, 0, 0, 1, 10, 20]);
    const [a, b, c, d, e, f] = parseTransform('translate(10 20) rotate(90 50 25)');
    expect([a, b, c, d].map((n) => Math.round(n))).toEqual([0, 1, -1, 0]);
    // the rotation centre stays where it is
    expect([Math.round(a * 50 + c * 25 + e), Math.round(b * 50 + d * 25 + f)]).toEqual([60, 45]);
    expect(parseTransform('rotate(x)')).toEqual([1, 0, 0, 1, 0, 0]);
  });

  it('draws dark mode as the editor shows it: black becomes light, white dark', () => {
    expect(darkColor('#000000')).toBe('#ededed');
    expect(darkColor('#ffffff')).toBe('#121212');
    expect(darkColor('transparent')).toBe('transparent');
  });

  it('keeps rasters within what viewers open', () => {
    expect(rasterScale(800, 600, 2)).toBe(2);
    expect(rasterScale(40_000, 30_000, 1) * 40_000).toBeLessThanOrEqual(PNG_MAX_SIDE);
    const s = rasterScale(16_000, 16_000, 1);
    expect(16_000 * s * 16_000 * s).toBeLessThanOrEqual(PNG_MAX_PIXELS + 1);
  });

  it('names files after the board, without characters file systems refuse', () => {
    expect(exportFileName('Plan: Q3/Q4 "final"', 'pdf')).toBe('Plan Q3 Q4 final.pdf');
    expect(exportFileName('   ', 'zip')).toBe('Board.zip');
    expect(exportFileName('多语言', 'pptx')).toBe('多语言.pptx');
  });
});
