import type { DocumentPageView, DocumentSummary, DocumentSummarySection, SummaryPoint } from '@visualnotes/contracts';
import type { SummaryProvider } from '../summaries/providers/summary-provider';

/** What one map job returns: the summary of its pages. */
export interface DocumentChunkSummary {
  index: number;
  from: number;
  overview: string;
  sections: DocumentSummarySection[];
}

const WORD = /[\p{L}\p{N}]+/gu;
function words(text: string): Set<string> {
  return new Set((text.toLowerCase().match(WORD) ?? []).filter((w) => w.length > 2 || /[\u3400-\u9fff]/.test(w)));
}

/**
 * The page a point comes from: the page containing it word for word (extractive summaries), else
 * the page sharing most of its words (a model's paraphrase).
 */
export function citePage(point: string, pages: DocumentPageView[], fallback?: number): number | undefined {
  const needle = point.replace(/\s+/g, ' ').trim().slice(0, 80);
  const exact = pages.find((p) => p.text.replace(/\s+/g, ' ').includes(needle));
  if (exact) return exact.page;
  const want = words(point);
  let best: { page: number; score: number } | undefined;
  for (const p of pages) {
    const have = words(`${p.title ?? ''} ${p.text}`);
    let score = 0;
    for (const w of want) if (have.has(w)) score++;
    if (!best || score > best.score) best = { page: p.page, score };
  }
  return best && best.score > 0 ? best.page : fallback;
}

/** Map: summarizes one chunk of pages; every point cites its page. */
export async function summarizeChunk(
  provider: SummaryProvider,
  input: { index: number; title: string; pages: DocumentPageView[]; maxSections: number },
): Promise<DocumentChunkSummary> {
  const units = input.pages
    .map((p) => ({ page: p.page, text: [p.title, p.text].filter(Boolean).join('\n') }))
    .filter((u) => u.text.trim());
  const from = input.pages[0]?.page ?? 1;
  if (!units.length) return { index: input.index, from, overview: '', sections: [] };
  const summary = await provider.summarize({ title: input.title, units, maxSections: input.maxSections });
  const sections = summary.sections.map((s) => {
    const page = s.page ?? citePage(s.points[0] ?? s.title, input.pages, from);
    const citations: SummaryPoint[] = s.points.map((text) => ({ text, page: citePage(text, input.pages, page) }));
    return { title: s.title, points: s.points, page, citations };
  });
  return { index: input.index, from, overview: summary.overview, sections };
}

/** Reduce: the chunk summaries in order; one more provider pass turns their overviews into one. */
export async function combineChunks(provider: SummaryProvider, title: string, chunks: DocumentChunkSummary[]): Promise<DocumentSummary> {
  const ordered = [...chunks].sort((a, b) => a.index - b.index);
  const sections = ordered.flatMap((c) => c.sections);
  if (ordered.length === 1) return { overview: ordered[0].overview, sections };
  const units = ordered.filter((c) => c.overview.trim()).map((c) => ({ page: c.from, text: c.overview }));
  const overview = units.length ? (await provider.summarize({ title, units, maxSections: 1 })).overview : '';
  return { overview, sections };
}
