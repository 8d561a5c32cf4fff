import type { DocumentKind } from '@visualnotes/contracts';

/** One page (PDF), slide (PPTX) or part (a DOCX heading's section, a block of text), 1-based. */
export interface ExtractedPage {
  page: number;
  title: string | null;
  text: string;
  /** The document's own headings that begin on this page, in order (PDF outline or heading lines). */
  headings?: string[];
  /** The page only continues a bibliography (reference list): summaries leave it out. */
  references?: boolean;
  /** The page had no text of its own (a scan): its text was read from its picture by OCR. */
  ocr?: boolean;
}

/** A page holds text when it has a letter; one without (a scan) is read by OCR. */
export const HAS_LETTER = /\p{L}/u;

export interface ExtractedDocument {
  kind: DocumentKind;
  title: string | null;
  pages: ExtractedPage[];
}

export interface ExtractLimits {
  maxPages: number;
  maxZipEntries: number;
  maxUnzippedBytes: number;
  /** Most bytes one PDF page-description stream may inflate to (all of them: `maxUnzippedBytes`). */
  maxPdfStreamBytes: number;
  /** Words per part when a text or a DOCX section has no headings to split at. */
  partWords: number;
  /** The LibreOffice and qpdf programs (default: `soffice` and `qpdf` on the PATH). */
  sofficePath?: string;
  qpdfPath?: string;
  /** poppler's pdftotext, which reads plain PDF pages faster than pdf.js (default: on the PATH); `false` reads every page with pdf.js. */
  pdftotextPath?: string | false;
  /** Reading PDF pages without text (scans) by OCR; off when absent. */
  ocr?: OcrSettings;
}

export interface OcrSettings {
  enabled: boolean;
  /** Time and address space of each child process drawing or reading one page. */
  timeLimitMs: number;
  memoryMb: number;
  /** Tesseract languages to read every scan in, instead of detecting the script of each document. */
  languages?: string[];
  /** Pages read at once in one document (default: the cores). */
  concurrency?: number;
}

export const DEFAULT_LIMITS: ExtractLimits = {
  maxPages: 5_000,
  maxZipEntries: 5_000,
  maxUnzippedBytes: 200 * 1024 * 1024,
  maxPdfStreamBytes: 8 * 1024 * 1024,
  partWords: 500,
};

/** Collapses runs of spaces and blank lines; keeps paragraph breaks. */
export function tidy(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .replace(/[\t\f\v\u00a0 ]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export function wordCount(text: string): number {
  const latin = text.match(/[\p{L}\p{N}]+/gu)?.length ?? 0;
  const cjk = text.match(/[\u3400-\u9fff\u3040-\u30ff\uac00-\ud7af]/g)?.length ?? 0;
  return latin + Math.ceil(cjk / 2);
}
