import type { Summary, SummaryLength, SummarySection, VideoChapter } from '@visualnotes/contracts';

/**
 * The one interface behind every summary (videos and documents).
 *
 * Input is the text as ordered units: transcript lines of a video (with `start`, seconds) or the
 * pages/paragraphs of a document (with `page`). A provider returns the contracts `Summary`:
 * an overview and sections of 2-5 points. A section carries the `start` or `page` of the unit it
 * begins with, whichever the input had, so a caller never maps positions back itself.
 *
 * Usage (documents included):
 *
 *     constructor(@Inject(SUMMARY_PROVIDER) private readonly summarizer: SummaryProvider) {}
 *     const summary = await this.summarizer.summarize({ title, language, units: pages.map((text, i) => ({ text, page: i + 1 })) });
 *
 * Which provider runs is decided once by configuration (`createSummaryProvider`): the
 * OpenAI-compatible chat provider when `AI_BASE_URL` or `AI_API_KEY` is set, else the built-in one.
 */
export interface SummaryUnit {
  text: string;
  /** Seconds from the start of a video. */
  start?: number;
  /** 1-based page (or slide) of a document. */
  page?: number;
  /** The document's own heading that opens a section with this unit; sections then follow headings. */
  heading?: string;
}

export interface SummaryInput {
  units: SummaryUnit[];
  title?: string;
  /** BCP 47 hint (`en`, `zh-CN`); providers detect the language themselves when absent. */
  language?: string | null;
  /** Upper bound of sections; providers choose fewer for short texts. */
  maxSections?: number;
  /** A video's chapters (seconds, titles): its sections follow them, one section per chapter. */
  chapters?: VideoChapter[];
  /** How long the summary is (absent: standard); see `VIDEO_DEPTH`. */
  length?: SummaryLength;
  /** Called with 0..1 as long inputs progress (map-reduce steps). */
  onProgress?: (fraction: number) => void | Promise<void>;
}

export interface SummaryProvider {
  /** `builtin` or `openai`, for logs and the stored result. */
  readonly name: string;
  /** Throws `DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT')` when the units hold no text. */
  summarize(input: SummaryInput): Promise<Summary>;
}

/**
 * A provider that summarizes a long input part by part (map) and then the parts' sections as a
 * whole (reduce). `summarize` runs both steps in one process; the summary jobs run the parts of a
 * long transcript as parallel child jobs instead, with the same result.
 */
export interface MapReduceSummaryProvider extends SummaryProvider {
  /** The consecutive parts the units are mapped in (one part: nothing to spread); a video's follow its chapters. */
  parts(units: SummaryUnit[], input?: Pick<SummaryInput, 'chapters' | 'length'>): SummaryUnit[][];
  /** Map: the sections of one part; `input` gives the title and language. */
  mapPart(input: SummaryInput, part: SummaryUnit[]): Promise<SummarySection[]>;
  /** Reduce: the sections of every part in order, and the whole input, to the summary. */
  reduce(input: SummaryInput, sections: SummarySection[]): Promise<Summary>;
}

export function isMapReduce(provider: SummaryProvider): provider is MapReduceSummaryProvider {
  const p = provider as Partial<MapReduceSummaryProvider>;
  return typeof p.parts === 'function' && typeof p.mapPart === 'function' && typeof p.reduce === 'function';
}

/** Nest injection token of the configured `SummaryProvider`. */
export const SUMMARY_PROVIDER = Symbol('SUMMARY_PROVIDER');
