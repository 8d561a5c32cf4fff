import type { Summary } from '@visualnotes/contracts';

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
  /** Called with 0..1 as long inputs progress (map-reduce steps). */
  onProgress?: (fraction: number) => void | Promise<void>;
}

export interface SummaryProvider {
  /** `builtin` or `openai`, for logs and the stored result. */
  readonly name: string;
  /** Throws `DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT')` when the units hold no text. */
  summarize(input: SummaryInput): Promise<Summary>;
}

/** Nest injection token of the configured `SummaryProvider`. */
export const SUMMARY_PROVIDER = Symbol('SUMMARY_PROVIDER');
