import { planChunks } from './ffmpeg';

describe('planChunks', () => {
  it('cuts at the silence nearest each ideal cut and never above the maximum', () => {
    const silences = [
      { start: 9, end: 9.6 },
      { start: 18.5, end: 19.1 },
      { start: 31, end: 31.4 },
    ];
    const chunks = planChunks(40, 10, 14, silences);
    expect(chunks[0]).toEqual({ start: 0, end: 9.3 });
    expect(chunks[1].end).toBeCloseTo(18.8);
    for (const c of chunks) expect(c.end - c.start).toBeLessThanOrEqual(14);
    expect(chunks.at(-1)!.end).toBe(40);
  });

  it('falls back to hard cuts without silences and keeps a short file whole', () => {
    expect(planChunks(25, 10, 12, [])).toEqual([
      { start: 0, end: 10 },
      { start: 10, end: 20 },
      { start: 20, end: 25 },
    ]);
    expect(planChunks(5, 10, 12, [])).toEqual([{ start: 0, end: 5 }]);
  });
});
