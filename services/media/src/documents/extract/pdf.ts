import { dirname, join, sep } from 'node:path';
import { DomainError } from '@visualnotes/contracts';
import { checkPdfStreams } from './pdf-streams';
import type { ExtractedDocument, ExtractedPage, ExtractLimits } from './types';
import { tidy } from './types';

interface TextItem {
  str?: string;
  hasEOL?: boolean;
}

let dataDirs: { cMapUrl: string; standardFontDataUrl: string } | undefined;

/**
 * Where pdf.js finds its CMaps and standard font data: the files of pdfjs-dist (the same version
 * as the pdf.js inside unpdf), read from disk. Without the CMaps, text in a non-embedded CJK font
 * (Shift-JIS, EUC, UCS-2 encodings; vertical writing) comes out empty. In Node pdf.js reads these
 * with fs, so they are plain folder paths; it requires the trailing separator.
 */
export function pdfjsDataDirs(): { cMapUrl: string; standardFontDataUrl: string } {
  if (!dataDirs) {
    const root = dirname(require.resolve('pdfjs-dist/package.json'));
    dataDirs = { cMapUrl: join(root, 'cmaps') + sep, standardFontDataUrl: join(root, 'standard_fonts') + sep };
  }
  return dataDirs;
}

/**
 * Text of a PDF, page by page (pdf.js through unpdf, no eval, no fonts loaded). Each page is
 * released once read, so a long document never holds every page's objects at once.
 */
export async function extractPdf(data: Buffer, limits: ExtractLimits): Promise<ExtractedDocument> {
  checkPdfStreams(data, { maxStreamBytes: limits.maxPdfStreamBytes, maxTotalBytes: limits.maxUnzippedBytes });
  const { getDocumentProxy } = await import('unpdf');
  let pdf: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of the array it is given: hand it a copy.
    pdf = await getDocumentProxy(new Uint8Array(data), {
      isEvalSupported: false,
      disableFontFace: true,
      useSystemFonts: false,
      verbosity: 0,
      ...pdfjsDataDirs(),
      cMapPacked: true,
      // Files protected only against editing (an empty open password) open in every viewer.
      password: '',
    });
  } catch (err) {
    throw pdfError(err);
  }
  try {
    if (pdf.numPages > limits.maxPages) {
      throw new DomainError('PAYLOAD_TOO_LARGE', `This document has more than ${limits.maxPages} pages; please split it into smaller files`);
    }
    let title: string | null = null;
    try {
      const meta = await pdf.getMetadata();
      const t = (meta.info as { Title?: unknown } | undefined)?.Title;
      if (typeof t === 'string' && t.trim()) title = t.trim().slice(0, 200);
    } catch {
      // metadata is optional
    }
    const pages: ExtractedPage[] = [];
    for (let n = 1; n <= pdf.numPages; n++) {
      const page = await pdf.getPage(n);
      try {
        const content = await page.getTextContent();
        let text = '';
        for (const item of content.items as TextItem[]) {
          if (typeof item.str === 'string') text += item.str;
          if (item.hasEOL) text += '\n';
        }
        pages.push({ page: n, title: null, text: tidy(text) });
      } finally {
        page.cleanup();
      }
    }
    return { kind: 'pdf', title, pages };
  } catch (err) {
    throw pdfError(err);
  } finally {
    await pdf.destroy().catch(() => undefined);
  }
}

/** What pdf.js throws for a file it cannot parse (anything else is our fault, not the file's). */
const PDF_ERRORS = new Set(['InvalidPDFException', 'FormatError', 'UnknownErrorException', 'MissingPDFException', 'XRefParseException', 'XRefEntryException']);

function pdfError(err: unknown): Error {
  if (err instanceof DomainError) return err;
  const name = (err as { name?: string })?.name ?? '';
  if (name === 'PasswordException') return new DomainError('DOCUMENT_ENCRYPTED');
  if (PDF_ERRORS.has(name)) return new DomainError('DOCUMENT_CORRUPT');
  return err as Error;
}
