import { DomainError } from '@visualnotes/contracts';
import { checkClaim, claimedKind, detectKind } from './detect';
import { extractDocx, extractText } from './docx';
import { extractPdf } from './pdf';
import { extractPptx } from './pptx';
import type { ExtractedDocument, ExtractLimits } from './types';

export * from './types';
export { extractText } from './docx';

/** Detects the kind of a file by its content, checks it against its claimed type, and extracts its pages. */
export async function extractDocument(
  data: Buffer,
  file: { name?: string; declaredType?: string },
  limits: ExtractLimits,
): Promise<ExtractedDocument> {
  const kind = await detectKind(data, limits.maxZipEntries);
  checkClaim(claimedKind(file.name, file.declaredType), kind);
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
      doc = extractText(data.toString('utf8'), limits);
      break;
  }
  return ensureText(doc);
}

/** Drops nothing, but refuses a document with no readable text at all (a scanned PDF, an empty deck). */
export function ensureText(doc: ExtractedDocument): ExtractedDocument {
  if (!doc.pages.some((p) => p.text.trim() || p.title?.trim())) throw new DomainError('DOCUMENT_NO_TEXT');
  return doc;
}
