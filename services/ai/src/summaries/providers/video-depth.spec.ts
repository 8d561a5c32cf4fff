import { proseTranscript } from '@visualnotes/testing';
import type { Summary } from '@visualnotes/contracts';
import { summarizeExtractive } from './builtin.provider';

/** The longest section of a summary of a talk `total` seconds long, in seconds. */
const longest = (summary: Summary, total: number) => Math.max(...summary.sections.map((s, i) => (summary.sections[i + 1]?.start ?? total) - (s.start ?? 0)));
const points = (summary: Summary) => summary.sections.reduce((n, s) => n + s.points.length, 0);

describe('built-in summarizer: depth that follows a video’s length', () => {
  const half = proseTranscript(30 * 60);
  const lecture = proseTranscript(3 * 3600);
  const units = (lines: typeof half) => lines.map((l) => ({ text: l.text, start: l.start }));

  it('cuts a 3-hour lecture into sections of at most about 10 minutes, with ≥ 4× the points of a 30-minute talk', () => {
    const short = summarizeExtractive({ units: units(half) });
    const long = summarizeExtractive({ units: units(lecture) });
    expect(longest(short, 30 * 60)).toBeLessThanOrEqual(11 * 60);
    expect(longest(long, 3 * 3600)).toBeLessThanOrEqual(11 * 60);
    expect(long.sections.length).toBeGreaterThanOrEqual(18);
    expect(points(long) / points(short)).toBeGreaterThanOrEqual(4);
    // every section and point keeps its moment, in order, inside the talk
    for (const s of long.sections) {
      expect(s.citations).toHaveLength(s.points.length);
      for (const c of s.citations!) expect(c.start).toBeGreaterThanOrEqual(s.start!);
    }
    const starts = long.sections.map((s) => s.start!);
    expect([...starts].sort((a, b) => a - b)).toEqual(starts);
  });

  it('gives fewer points when brief and more when detailed', () => {
    const at = (length: 'brief' | 'standard' | 'detailed') => points(summarizeExtractive({ units: units(half), length }));
    const [brief, standard, detailed] = [at('brief'), at('standard'), at('detailed')];
    expect(brief).toBeLessThan(standard);
    expect(standard).toBeLessThan(detailed);
  });

  it('follows the chapters when the video has them, titled and timed by them', () => {
    const chapters = [
      { start: 0, title: 'Introduction' },
      { start: 400, title: 'Reading the docs' },
      { start: 1000, title: 'Questions' },
    ];
    const summary = summarizeExtractive({ units: units(half), chapters });
    expect(summary.sections.map((s) => [s.start, s.title])).toEqual(chapters.map((c) => [c.start, c.title]));
    for (const [i, s] of summary.sections.entries()) {
      const end = chapters[i + 1]?.start ?? Infinity;
      for (const c of s.citations!) expect(c.start! < end && c.start! >= s.start! - 1).toBe(true);
    }
  });
});
