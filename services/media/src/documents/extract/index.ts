import { decodeText } from '../../common/text-files';
import type { DocumentKind, DomainError } from '@visualnotes/contracts';
import { cleanDocument } from './clean-text';
import { checkClaim, claimedKind, detectKind, markupFormat, typeMismatch } from './detect';
import { extractDocx, extractText } from './docx';
import { extractPdf } from './pdf';
import { extractPptx } from './pptx';
import type { ExtractedDocument, ExtractLimits } from './types';

export * from './types';
export { extractText } from './docx';

/** Detects the kind of a file by its content, checks it against its claimed type, and extracts its pages. */
export async function extractDocument(data: Buffer, file: { name?: string; declaredType?: string }, limits: ExtractLimits): Promise<ExtractedDocument> {
  const claimed = claimedKind(file.name, file.declaredType);
  let kind: DocumentKind;
  try {
    kind = await detectKind(data, limits.maxZipEntries);
  } catch (err) {
    // A picture or archive named report.pdf: its name promised a kind we read, so say that it is not one.
    // RTF or HTML named or declared as text is text, in a kind we do not summarize: refused as such.
    const mismatch = claimed && claimed !== 'legacy' && (err as DomainError).code === 'DOCUMENT_UNSUPPORTED' && !(claimed === 'text' && markupFormat(data));
    throw mismatch ? typeMismatch(claimed) : err;
  }
  checkClaim(claimed, kind);
  let doc: ExtractedDocument;
  switch (kind) {
    case 'pdf':
      doc = await extractPdf(data, limits);
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
  // Printed pages and slides repeat headers, footers and page numbers; Word and text parts do not.
  return cleanDocument(doc, { runningLines: kind === 'pdf' || kind === 'pptx', hasImages: () => hasImages(kind, data) });
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
