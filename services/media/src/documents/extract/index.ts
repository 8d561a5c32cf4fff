import { decodeText } from '../../common/text-files';
import type { DocumentKind, DomainError } from '@visualnotes/contracts';
import { cleanDocument } from './clean-text';
import { decryptPdf } from './decrypt';
import { checkClaim, claimedKind, detectKind, markupFormat, typeMismatch, type DetectedKind } from './detect';
import { extractEpub } from './epub';
import { CONVERTED_TO, convertWithLibreOffice, type ConvertedFormat } from './legacy';
import { extractDocx, extractText } from './docx';
import { readScannedPages } from './ocr';
import { extractPdf, pdfInfo, pdfTitleAndHeadings, readPdfPages, type PdfLine } from './pdf';
import { extractPptx } from './pptx';
import type { ExtractedDocument, ExtractedPage, ExtractLimits } from './types';

export * from './types';
export { extractText } from './docx';
export { ocrAvailable, ocrPdfPages, readScannedPages, type OcrOptions } from './ocr';

/** What a first look at a file tells: the kind it is summarized as, and for a PDF its page count and title. */
export interface DocumentProbe {
  kind: DocumentKind;
  /** Pages of a PDF (known before reading them); null for kinds whose parts are known once read. */
  pages: number | null;
  title: string | null;
  /** A PDF opened with an empty password, decrypted: what its reading steps read. */
  decrypted?: Uint8Array;
  /** A PDF every page of which pdf.js reads (see `needsCarefulReading`), told to its reading steps. */
  careful?: boolean;
}

/**
 * The first look at a file, cheap whatever its length: its kind from its content (checked against
 * its claimed type), and for a PDF its page count and title. Refuses what cannot be read at all.
 */
export async function probeDocument(data: Buffer, file: { name?: string; declaredType?: string }, limits: ExtractLimits): Promise<DocumentProbe> {
  const detected = await documentKind(data, file, limits);
  if (detected !== 'pdf') return { kind: summarizedAs(detected), pages: null, title: null };
  const plain = await decryptPdf(data, limits.qpdfPath);
  const info = await pdfInfo(plain, limits);
  return {
    kind: 'pdf',
    pages: info.pageCount,
    title: info.title,
    careful: info.careful,
    ...(plain !== data ? { decrypted: new Uint8Array(plain) } : {}),
  };
}

/** What one reading step gives: pages, and for a PDF the lines kept per page for heading sizes. */
export interface ReadStep {
  pages: ExtractedPage[];
  lines?: PdfLine[][];
  title?: string | null;
}

/**
 * Reads one step of a file whose kind a first look told: PDF pages `from`..`to` (of the decrypted
 * file), or the whole of a file of another kind; not yet cleaned. `onPage` hears of each PDF page as it is read.
 */
export async function readDocumentStep(
  data: Buffer,
  kind: DocumentKind,
  range: { from: number; to: number; careful?: boolean },
  limits: ExtractLimits,
  onPage?: (page: ExtractedPage) => void,
): Promise<ReadStep> {
  if (kind === 'pdf') return readPdfPages(data, range.from, range.to, limits, range.careful, onPage);
  return (await readWhole(data, await documentKind(data, {}, limits), limits)).doc;
}

/**
 * The document from its read steps, in order: a PDF's headings (outline, else type sizes over
 * every page), then the cleaning every kind gets; refuses a document with nothing to read.
 */
export async function finishDocument(data: Buffer, kind: DocumentKind, steps: ReadStep[]): Promise<ExtractedDocument> {
  const pages = steps.flatMap((s) => s.pages);
  let title = steps.find((s) => s.title)?.title ?? null;
  if (kind === 'pdf') {
    const found = await pdfTitleAndHeadings(
      data,
      steps.flatMap((s) => s.lines ?? s.pages.map(() => [])),
      pages.length,
    );
    title = found.title;
    found.headings.forEach((titles, i) => {
      if (titles.length && pages[i]) pages[i].headings = titles;
    });
  }
  return finish({ kind, title, pages }, data);
}

/** Detects the kind of a file by its content, checks it against its claimed type, and extracts its pages. */
export async function extractDocument(data: Buffer, file: { name?: string; declaredType?: string }, limits: ExtractLimits): Promise<ExtractedDocument> {
  const { doc, data: read } = await readWhole(data, await documentKind(data, file, limits), limits);
  return finish(doc, read);
}

/** The kind a detected file is summarized as: EPUB books as Word documents, converted files as what LibreOffice makes of them. */
function summarizedAs(detected: DetectedKind): DocumentKind {
  if (detected === 'epub') return 'docx';
  return detected in CONVERTED_TO ? CONVERTED_TO[detected as ConvertedFormat] : (detected as DocumentKind);
}

/** Every page of a file, not yet cleaned, with the bytes they were read from (a converted or decrypted file's). */
async function readWhole(data: Buffer, detected: DetectedKind, limits: ExtractLimits): Promise<{ doc: ExtractedDocument; data: Buffer }> {
  if (detected === 'epub') return { doc: await extractEpub(data, limits), data };
  let converted = false;
  if (detected in CONVERTED_TO) {
    // Old Office, OpenDocument and Rich Text files are read as the DOCX or PPTX LibreOffice makes of
    // them; the summary takes its title from the file's name (LibreOffice fills in titles of its own).
    data = await convertWithLibreOffice(data, detected as ConvertedFormat, limits.sofficePath);
    converted = true;
  }
  const kind = summarizedAs(detected);
  let doc: ExtractedDocument;
  switch (kind) {
    case 'pdf':
      data = await decryptPdf(data, limits.qpdfPath);
      // Pages without a letter (scans) are read by OCR when it is on and installed.
      doc = await readScannedPages(await extractPdf(data, limits), data, limits.ocr);
      break;
    case 'pptx':
      doc = await extractPptx(data, limits);
      break;
    case 'docx':
      doc = await extractDocx(data, limits);
      break;
    case 'text':
      doc = extractText(decodeText(data) ?? '', limits);
      break;
  }
  return { doc: converted ? { ...doc, title: null } : doc, data };
}

/** Printed pages and slides repeat headers, footers and page numbers; Word and text parts do not. */
function finish(doc: ExtractedDocument, data: Buffer): ExtractedDocument {
  const kind = doc.kind;
  return cleanDocument(doc, { runningLines: kind === 'pdf' || kind === 'pptx', hasImages: () => hasImages(kind, data) });
}

/** The kind of a file from its content, checked against the kind its name or type claims. */
async function documentKind(data: Buffer, file: { name?: string; declaredType?: string }, limits: ExtractLimits): Promise<DetectedKind> {
  const claimed = claimedKind(file.name, file.declaredType);
  let detected: DetectedKind;
  try {
    detected = await detectKind(data, limits.maxZipEntries);
  } catch (err) {
    // A picture or archive named report.pdf: its name promised a kind we read, so say that it is not one.
    // HTML named or declared as text is text, in a kind we do not summarize: refused as such.
    const mismatch = claimed && (err as DomainError).code === 'DOCUMENT_UNSUPPORTED' && !(claimed === 'text' && markupFormat(data));
    throw mismatch ? typeMismatch(claimed) : err;
  }
  checkClaim(claimed, detected);
  return detected;
}

/** Cleans pasted text like a document's and refuses it when nothing readable is left. */
export function finishText(doc: ExtractedDocument): ExtractedDocument {
  return cleanDocument(doc, { runningLines: false });
}

/**
 * Whether a file holds pictures, asked only of a file without text (a scan, or simply empty). An
 * image is always a stream object of its own, whose dictionary is never compressed, so the raw
 * bytes tell; Office files keep pictures under their media folder, whose names are not compressed.
 */
function hasImages(kind: ExtractedDocument['kind'], data: Buffer): boolean {
  switch (kind) {
    case 'pdf':
      return /\/Subtype\s*\/Image\b/.test(data.toString('latin1'));
    case 'docx':
      return data.includes('word/media/');
    case 'pptx':
      return data.includes('ppt/media/');
    default:
      return false;
  }
}
