import type { DocumentMapPart } from '@visualnotes/contracts';
import type { ExtractedPage } from './extract';

/** Consecutive page ranges of at most `maxPages` pages and (past the first page) `maxChars` characters. */
export function planChunks(pages: Pick<ExtractedPage, 'text'>[], maxPages: number, maxChars: number): { from: number; to: number }[] {
  const chunks: { from: number; to: number }[] = [];
  let from = 1;
  let chars = 0;
  pages.forEach((p, i) => {
    const n = i + 1;
    if (n > from && (n - from >= maxPages || chars + p.text.length > maxChars)) {
      chunks.push({ from, to: n - 1 });
      from = n;
      chars = 0;
    }
    chars += p.text.length;
  });
  if (pages.length) chunks.push({ from, to: pages.length });
  return chunks;
}

/**
 * The map jobs of a document's summary: its chunks in at most `maxJobs` consecutive runs, as even
 * as the count allows (each chunk keeps its index). A job's fixed cost (its queue round trip and
 * the page and progress calls) is paid once per run instead of once per chunk; up to `maxJobs`
 * workers still summarize at once.
 */
export function planMapJobs(chunks: { from: number; to: number }[], maxJobs: number): { from: number; to: number; parts: DocumentMapPart[] }[] {
  const jobs = Math.min(chunks.length, Math.max(1, maxJobs));
  const start = (j: number) => Math.floor((j * chunks.length) / jobs);
  return Array.from({ length: jobs }, (_, j) => {
    const parts = chunks.slice(start(j), start(j + 1)).map((c, k) => ({ index: start(j) + k, ...c }));
    return { from: parts[0].from, to: parts[parts.length - 1].to, parts };
  });
}

/**
 * The steps reading a file takes: a PDF of `pages` pages in even ranges of at most `stepPages`
 * pages (numbered from 1); a file of another kind (`pages` null: its parts are known once read) in
 * one step, `{from: 0, to: 0}`.
 */
export function planReadSteps(pages: number | null, stepPages: number): { from: number; to: number }[] {
  if (!pages) return [{ from: 0, to: 0 }];
  const steps = Math.ceil(pages / stepPages);
  return Array.from({ length: steps }, (_, i) => ({ from: Math.floor((i * pages) / steps) + 1, to: Math.floor(((i + 1) * pages) / steps) }));
}

/** Reading progress (0–99, pages read) from the steps done: the same even ranges `planReadSteps` makes. */
export function readProgress(pages: number, steps: number, done: number[]): number {
  if (!pages) return Math.min(99, Math.floor((100 * done.length) / Math.max(1, steps)));
  const ranges = planReadSteps(pages, Math.ceil(pages / Math.max(1, steps)));
  const read = done.reduce((n, i) => n + (ranges[i] ? ranges[i].to - ranges[i].from + 1 : 0), 0);
  return Math.min(99, Math.floor((100 * read) / pages));
}
