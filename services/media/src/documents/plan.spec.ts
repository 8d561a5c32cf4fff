import { planChunks, planMapJobs, planReadSteps, readProgress } from './plan';

describe('reading steps', () => {
  it('reads a PDF in even ranges of at most the step size, covering every page once', () => {
    const steps = planReadSteps(1_000, 40);
    expect(steps).toHaveLength(25);
    expect(steps[0]).toEqual({ from: 1, to: 40 });
    expect(steps.at(-1)).toEqual({ from: 961, to: 1_000 });
    const odd = planReadSteps(101, 40);
    expect(odd).toEqual([
      { from: 1, to: 33 },
      { from: 34, to: 67 },
      { from: 68, to: 101 },
    ]);
    for (const plan of [steps, odd, planReadSteps(7, 40), planReadSteps(5_000, 37)]) {
      plan.forEach((s, i) => expect(s.from).toBe(i ? plan[i - 1].to + 1 : 1));
    }
  });

  it('reads a file of another kind in one step', () => {
    expect(planReadSteps(null, 40)).toEqual([{ from: 0, to: 0 }]);
  });

  it('counts progress by the pages of the steps done, below 100 until the document is put together', () => {
    const steps = planReadSteps(101, 40);
    expect(readProgress(101, steps.length, [])).toBe(0);
    expect(readProgress(101, steps.length, [1])).toBe(Math.floor((100 * 34) / 101));
    expect(readProgress(101, steps.length, [0, 2])).toBe(Math.floor((100 * 67) / 101));
    expect(readProgress(101, steps.length, [0, 1, 2])).toBe(99);
    expect(readProgress(0, 1, [0])).toBe(99);
  });
});

describe('summary chunks', () => {
  it('splits pages by count and characters', () => {
    const pages = Array.from({ length: 25 }, () => ({ text: 'x'.repeat(100) }));
    expect(planChunks(pages, 10, 1_000_000)).toEqual([
      { from: 1, to: 10 },
      { from: 11, to: 20 },
      { from: 21, to: 25 },
    ]);
    expect(planChunks(pages, 10, 250)).toHaveLength(13);
  });
});

describe('planMapJobs', () => {
  const chunks = (n: number) => Array.from({ length: n }, (_, i) => ({ from: i * 10 + 1, to: i * 10 + 10 }));

  it('gives each of up to maxJobs jobs an even run of consecutive chunks, each chunk keeping its index', () => {
    const jobs = planMapJobs(chunks(51), 16);
    expect(jobs).toHaveLength(16);
    expect(jobs.flatMap((j) => j.parts.map((p) => p.index))).toEqual(Array.from({ length: 51 }, (_, i) => i));
    const sizes = jobs.map((j) => j.parts.length);
    expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
    for (const job of jobs) {
      expect(job.from).toBe(job.parts[0].from);
      expect(job.to).toBe(job.parts[job.parts.length - 1].to);
    }
  });

  it('makes one job per chunk when there are no more chunks than jobs, and none for no chunks', () => {
    expect(planMapJobs(chunks(3), 16).map((j) => j.parts)).toEqual([
      [{ index: 0, from: 1, to: 10 }],
      [{ index: 1, from: 11, to: 20 }],
      [{ index: 2, from: 21, to: 30 }],
    ]);
    expect(planMapJobs([], 16)).toEqual([]);
    expect(planMapJobs(chunks(5), 1)).toEqual([{ from: 1, to: 50, parts: chunks(5).map((c, index) => ({ index, ...c })) }]);
  });
});
