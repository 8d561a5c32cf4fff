import { z } from 'zod';

/** Kinds of document the summarizer reads; detected from the content, never from the file name. */
export const DOCUMENT_KINDS = ['pdf', 'pptx', 'docx', 'text'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** Largest pasted text (characters) for `POST /api/summaries {text}`. */
export const MAX_PASTED_TEXT = 1_000_000;

export const createTextSummarySchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Paste some text to summarize')
    .max(
      MAX_PASTED_TEXT,
      `The text is too long to paste (at most ${MAX_PASTED_TEXT.toLocaleString('en-US')} characters); save it as a text file and upload that instead`,
    ),
  title: z.string().trim().max(200).optional(),
});
export type CreateTextSummaryBody = z.infer<typeof createTextSummarySchema>;

export interface CreateSummaryReply {
  summary_id: string;
  job_id: string;
}

/**
 * One point of a section; `page` is the page (PDF), slide (PPTX) or part (DOCX, text) it cites,
 * `start` the moment of a video (seconds) it is said at.
 */
export interface SummaryPoint {
  text: string;
  page?: number;
  start?: number;
}

export interface DocumentSummarySection {
  title: string;
  points: string[];
  /** The first page/slide the section covers. */
  page?: number;
  /** The same points with the page each one cites. */
  citations?: SummaryPoint[];
}

export interface DocumentSummary {
  overview: string;
  sections: DocumentSummarySection[];
}

/** `reading`: the file's pages are being read (`progress`: pages read); `queued`/`summarizing`: the summary is being written. */
export type DocumentSummaryStatus = 'reading' | 'queued' | 'summarizing' | 'completed' | 'failed';

export interface DocumentSummaryView {
  id: string;
  status: DocumentSummaryStatus;
  title: string;
  kind: DocumentKind;
  /** Number of pages (PDF), slides (PPTX) or parts (DOCX sections, text blocks). */
  pages: number;
  /** What one unit of `pages` is called, for citations: "Page", "Slide" or "Part". */
  unit: 'page' | 'slide' | 'part';
  progress: number;
  job_id: string | null;
  error: string | null;
  summary: DocumentSummary | null;
  /** Pages (PDF) or slides (PPTX) with no text to read, left out of the summary (scanned pages, pictures). */
  textless_pages: number[];
  /** Pages (PDF) whose text was read from their image (optical character recognition): scans. */
  ocr_pages: number[];
  created_at: string;
  started_at: string | null;
  completed_at: string | null;
}

/** One of a user's document summaries, newest first in `GET /api/summaries`. */
export type DocumentSummaryItem = Pick<DocumentSummaryView, 'id' | 'status' | 'title' | 'kind' | 'pages' | 'unit' | 'created_at'>;

/** How many of the newest summaries `GET /api/summaries` lists. */
export const DOCUMENT_SUMMARY_LIST_LIMIT = 50;

/** The text of one page/slide/part, shown when a citation is clicked. */
export interface DocumentPageView {
  page: number;
  title: string | null;
  text: string;
  /** The document's own headings that begin on this page, in order. */
  headings?: string[];
  /** The page only continues a bibliography, which summaries leave out. */
  references?: boolean;
}

/** A heading that opens a bibliography, in the interface's languages and those common in papers. */
const REFERENCES_HEADING =
  /^(?:(?:\d+(?:\.\d+)*|[IVXLC]+|[A-Z])[.)]?\s+)?(?:references?|bibliography|works cited|literature cited|reference list|cited literature|literatur(?:verzeichnis)?|quellen(?:verzeichnis)?|bibliographie|références(?: bibliographiques)?|referencias|bibliografía|bibliografia|riferimenti bibliografici|referências|参考文献|引用文献|参考资料|參考文獻|المراجع|المصادر|מקורות|ביבליוגרפיה|список литературы|литература)\s*:?$/iu;

/** Whether a heading or a line by itself opens a bibliography ("References", "7. Bibliography", "参考文献"). */
export const isReferencesHeading = (line: string): boolean => REFERENCES_HEADING.test(line.trim());
