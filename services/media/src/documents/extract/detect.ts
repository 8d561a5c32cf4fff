import { DomainError, Messages, type DocumentKind } from '@visualnotes/contracts';
import { textEncoding } from '../../common/text-files';
import { zipEntryNames } from './zip';

const NAMES: Record<DocumentKind, string> = { pdf: 'PDF', pptx: 'PowerPoint', docx: 'Word', text: 'text' };

/** The kind a file claims by its name or its declared MIME type (null: it claims nothing we know). */
export function claimedKind(name?: string, declaredType?: string): DocumentKind | 'legacy' | null {
  const ext = /\.([a-z0-9]{1,8})$/i.exec(name ?? '')?.[1]?.toLowerCase();
  switch (ext) {
    case 'pdf':
      return 'pdf';
    case 'pptx':
      return 'pptx';
    case 'docx':
      return 'docx';
    case 'txt':
    case 'md':
    case 'markdown':
      return 'text';
    case 'ppt':
    case 'doc':
      return 'legacy';
  }
  const type = (declaredType ?? '').toLowerCase().split(';')[0].trim();
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('presentationml')) return 'pptx';
  if (type.includes('wordprocessingml')) return 'docx';
  if (type === 'text/plain' || type === 'text/markdown') return 'text';
  return null;
}

/**
 * The kind of a document from its content (magic bytes, the archive's part names), never its name.
 * Throws the user-facing error for what we cannot read.
 */
export async function detectKind(data: Buffer, maxZipEntries: number): Promise<DocumentKind> {
  if (data.length === 0) throw new DomainError('EMPTY_FILE');
  const head = data.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) {
    const names = await zipEntryNames(data, maxZipEntries);
    if (names.includes('ppt/presentation.xml')) return 'pptx';
    if (names.includes('word/document.xml')) return 'docx';
    // Files people often try instead get the way to one we read.
    if (names.includes('content.xml') && names.includes('META-INF/manifest.xml')) throw unsupported(Messages.documentOpenDocument);
    if (names.includes('xl/workbook.xml')) throw unsupported(Messages.documentSpreadsheet);
    throw new DomainError('DOCUMENT_UNSUPPORTED');
  }
  if (data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    // An OLE container: a password-protected Office file keeps its package in "EncryptedPackage".
    if (data.includes(Buffer.from('EncryptedPackage', 'utf16le'))) throw new DomainError('DOCUMENT_ENCRYPTED');
    // Word 97–2003 and PowerPoint 97–2003 name their main stream; Excel's is "Workbook".
    if (data.includes(Buffer.from('WordDocument', 'utf16le')) || data.includes(Buffer.from('PowerPoint Document', 'utf16le'))) {
      throw unsupported(Messages.documentOldOffice);
    }
    if (data.includes(Buffer.from('Workbook', 'utf16le'))) throw unsupported(Messages.documentSpreadsheet);
    throw new DomainError('DOCUMENT_UNSUPPORTED');
  }
  // Rich Text and web pages are text files too, but their markup is not what a reader reads.
  if (markupFormat(data)) throw new DomainError('DOCUMENT_UNSUPPORTED');
  if (textEncoding(data.subarray(0, 64 * 1024))) return 'text';
  throw new DomainError('DOCUMENT_UNSUPPORTED');
}

/**
 * A text file written in markup we do not read: RTF (`{\rtf`) or an HTML document (`<!DOCTYPE html`
 * or `<html`, in any case), after an optional byte-order mark and white space.
 */
export function markupFormat(data: Buffer): 'rtf' | 'html' | null {
  let head = data.subarray(0, 1024);
  if (head[0] === 0xff && head[1] === 0xfe) head = Buffer.from(head.subarray(2).toString('utf16le'), 'latin1');
  else if (head[0] === 0xfe && head[1] === 0xff) head = Buffer.from(Buffer.from(head.subarray(2)).swap16().toString('utf16le'), 'latin1');
  const text = head
    .toString('latin1')
    .replace(/^\xef\xbb\xbf/, '')
    .trimStart();
  if (text.startsWith('{\\rtf')) return 'rtf';
  if (/^<(!doctype\s+html|html)[\s>]/i.test(text)) return 'html';
  return null;
}

/** The "cannot be summarized" refusal, in words that say what to upload instead. */
const unsupported = (message: string) => new DomainError('DOCUMENT_UNSUPPORTED', message);

/** Refuses a file whose content is not what its name or type says. */
export function checkClaim(claimed: DocumentKind | 'legacy' | null, detected: DocumentKind): void {
  if (!claimed || claimed === detected) return;
  throw typeMismatch(claimed);
}

/** The refusal of a file whose content is not the kind its name or type claims. */
export function typeMismatch(claimed: DocumentKind | 'legacy'): DomainError {
  // Old .ppt/.doc binaries are detected above; a .doc name on a text file is still a mismatch.
  const label = claimed === 'legacy' ? 'an old Office file' : NAMES[claimed];
  return new DomainError('DOCUMENT_TYPE_MISMATCH', `The content of this file does not match its type (${label}); please upload the original file`);
}
