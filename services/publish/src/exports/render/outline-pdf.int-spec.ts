import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Outline } from '@visualnotes/contracts';
import { pdfInk } from '@visualnotes/testing';
import { FONT_INDEX } from './excalidraw';
import { FontBook } from './fonts';
import { isRtl, outlinePdf } from './outline-pdf';

/** Summaries set as PDF, read back by poppler's own tools (pdftotext, pdffonts, pdfinfo). */
describe('a summary as a PDF', () => {
  const fonts = new FontBook(['/usr/share/fonts'], FONT_INDEX);
  let dir: string;
  const read = (data: Buffer, tool: string, args: string[] = []) => {
    const file = join(dir, `out-${Math.random().toString(36).slice(2)}.pdf`);
    writeFileSync(file, data);
    return execFileSync(tool, [...args, file, ...(tool === 'pdftotext' ? ['-'] : [])], { encoding: 'utf8' });
  };
  const words = (s: string) => s.normalize('NFKC').replace(/\s+/g, ' ').trim();

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'vn-outline-pdf-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const summary: Outline = {
    title: 'Energy lecture',
    blocks: [
      { type: 'title', text: 'Energy lecture' },
      { type: 'link', href: 'https://www.youtube.com/watch?v=abcdefghijk' },
      { type: 'heading', text: 'Overview' },
      { type: 'paragraph', text: 'Solar panels turn sunlight into electricity, and wind turbines turn moving air into power.' },
      { type: 'heading', text: 'Storage', at: { label: '12:05', href: 'https://www.youtube.com/watch?v=abcdefghijk&t=725s' } },
      { type: 'item', text: 'Batteries keep the power of noon for the evening.', at: { label: 'Page 4', href: 'https://example.com/d?summary=1&page=4' } },
      { type: 'item', text: '太阳能电池板把阳光变成电。', strong: 'Key point' },
      { type: 'item', text: 'सौर ऊर्जा सस्ती हो गई है' },
      { type: 'paragraph', text: 'الطاقة الشمسية رخيصة' },
    ],
  };

  it('holds every word as written, in embedded fonts, with the moments and pages as links', async () => {
    const { data, pages } = await outlinePdf(summary, fonts);
    expect(pages).toBe(1);
    const text = words(read(data, 'pdftotext'));
    for (const expected of [
      'Energy lecture',
      'Solar panels turn sunlight into electricity',
      '12:05 Storage',
      'Page 4 Batteries keep the power',
      '太阳能电池板把阳光变成电',
      'Key point',
    ]) {
      expect(text).toContain(expected);
    }
    // Devanagari words with their letters as typed (the repha of ऊर्जा is drawn before the letter it follows)
    for (const word of ['सौर', 'ऊर्जा', 'सस्ती']) expect(text).toContain(word);
    expect(words(read(data, 'pdftotext', ['-raw']))).toContain('सौर ऊर्जा सस्ती हो गई है');
    // right to left: poppler gives the words back in reading order
    expect(text).toContain(words('الطاقة الشمسية رخيصة'));
    const fontsUsed = read(data, 'pdffonts').split('\n').slice(2).filter(Boolean);
    expect(fontsUsed.length).toBeGreaterThan(1);
    // every font embedded, as a subset
    for (const line of fontsUsed) expect(line).toMatch(/ yes +yes +yes /);
    const raw = data.toString('latin1');
    expect(raw).toContain('/URI (https://www.youtube.com/watch?v=abcdefghijk&t=725s)');
    expect(raw).toContain('/URI (https://example.com/d?summary=1&page=4)');
  });

  it('draws its Latin and Chinese text in ink (fonts embedded as TrueType, not blank)', async () => {
    for (const text of ['Solar panels turn sunlight into electricity', '太阳能电池板把阳光变成电']) {
      const { data } = await outlinePdf({ title: 'x', blocks: Array.from({ length: 20 }, () => ({ type: 'title' as const, text })) }, fonts);
      expect(pdfInk(data)).toBeGreaterThan(0.01);
    }
  });

  it('runs onto as many pages as it needs, and breaks a word longer than a line', async () => {
    const long: Outline = {
      title: 'Three hours',
      blocks: [
        { type: 'title', text: 'Three hours' },
        { type: 'item', text: `https://example.com/${'a'.repeat(400)}` },
        ...Array.from({ length: 400 }, (_, i) => ({
          type: 'item' as const,
          text: `Point ${i + 1} of the lecture, which goes on for a while so that it wraps onto a second line of the page.`,
        })),
      ],
    };
    const { data, pages } = await outlinePdf(long, fonts);
    expect(pages).toBeGreaterThan(10);
    expect(read(data, 'pdfinfo')).toMatch(new RegExp(`Pages:\\s+${pages}\\n`));
    const text = words(read(data, 'pdftotext'));
    expect(text).toContain('Point 1 of the lecture');
    expect(text).toContain('Point 400 of the lecture');
    expect(text.replace(/ /g, '')).toContain('a'.repeat(400));
  });

  it('sets right to left by the first letter', () => {
    expect(isRtl('الطاقة 2024')).toBe(true);
    expect(isRtl('2024: Energy, الطاقة')).toBe(false);
    expect(isRtl('')).toBe(false);
  });
});
