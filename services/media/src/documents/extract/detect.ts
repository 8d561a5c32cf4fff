import { DomainError, Messages, type DocumentKind } from '@visualnotes/contracts';
import { textEncoding } from '../../common/text-files';
import type { ConvertedFormat } from './legacy';
import { zipEntryNames } from './zip';

/** What a file is: a kind we read as it is, an e-book, or a format LibreOffice converts first. */
export type DetectedKind = DocumentKind | 'epub' | ConvertedFormat;

const NAMES: Record<DetectedKind, string> = {
  pdf: 'PDF',
  pptx: 'PowerPoint',
  docx: 'Word',
  text: 'text',
  epub: 'EPUB',
  doc: 'Word',
  rtf: 'Rich Text',
  odt: 'OpenDocument text',
  ppt: 'PowerPoint',
  odp: 'OpenDocument presentation',
};

/**
 * Kinds one program saves under each other's names (Word writes RTF as .doc, a .ppt renamed
 * .pptx): a claim of one is kept by content of another of the same group.
 */
const GROUPS: Partial<Record<DetectedKind, string>> = { docx: 'word', doc: 'word', rtf: 'word', odt: 'word', pptx: 'slides', ppt: 'slides', odp: 'slides' };

/** The kind a file claims by its name or its declared MIME type (null: it claims nothing we know). */
export function claimedKind(name?: string, declaredType?: string): DetectedKind | null {
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
    case 'rtf':
    case 'odt':
    case 'odp':
    case 'epub':
      return ext;
  }
  const type = (declaredType ?? '').toLowerCase().split(';')[0].trim();
  if (type === 'application/pdf') return 'pdf';
  if (type.includes('presentationml')) return 'pptx';
  if (type.includes('wordprocessingml')) return 'docx';
  if (type === 'application/msword') return 'doc';
  if (type === 'application/vnd.ms-powerpoint') return 'ppt';
  if (type === 'application/rtf' || type === 'text/rtf') return 'rtf';
  if (type === 'application/vnd.oasis.opendocument.text') return 'odt';
  if (type === 'application/vnd.oasis.opendocument.presentation') return 'odp';
  if (type === 'application/epub+zip') return 'epub';
  if (type === 'text/plain' || type === 'text/markdown') return 'text';
  return null;
}

/**
 * The kind of a document from its content (magic bytes, the archive's part names), never its name.
 * Throws the user-facing error for what we cannot read.
 */
export async function detectKind(data: Buffer, maxZipEntries: number): Promise<DetectedKind> {
  if (data.length === 0) throw new DomainError('EMPTY_FILE');
  const head = data.subarray(0, 1024).toString('latin1');
  if (head.includes('%PDF-')) return 'pdf';
  if (data[0] === 0x50 && data[1] === 0x4b && data[2] === 0x03 && data[3] === 0x04) {
    const names = await zipEntryNames(data, maxZipEntries);
    if (names.includes('ppt/presentation.xml')) return 'pptx';
    if (names.includes('word/document.xml')) return 'docx';
    // OpenDocument and EPUB name their type in a first, stored entry "mimetype".
    const mimetype = storedMimetype(data);
    // A book packed without its "mimetype" entry first still names its package in the container.
    if (mimetype === 'application/epub+zip' || (names.includes('META-INF/container.xml') && names.some((n) => n.endsWith('.opf')))) return 'epub';
    if (mimetype === 'application/vnd.oasis.opendocument.text') return 'odt';
    if (mimetype === 'application/vnd.oasis.opendocument.presentation') return 'odp';
    if (mimetype === 'application/vnd.oasis.opendocument.spreadsheet') throw unsupported(Messages.documentSpreadsheet);
    // Files people often try instead get the way to one we read.
    if (names.includes('content.xml') && names.includes('META-INF/manifest.xml')) throw unsupported(Messages.documentOpenDocument);
    if (names.includes('xl/workbook.xml')) throw unsupported(Messages.documentSpreadsheet);
    throw new DomainError('DOCUMENT_UNSUPPORTED');
  }
  if (data.subarray(0, 8).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]))) {
    // An OLE container: a password-protected Office file keeps its package in "EncryptedPackage".
    if (data.includes(Buffer.from('EncryptedPackage', 'utf16le'))) throw new DomainError('DOCUMENT_ENCRYPTED');
    // Word 97–2003 and PowerPoint 97–2003 name their main stream; Excel's is "Workbook".
    if (data.includes(Buffer.from('WordDocument', 'utf16le'))) return 'doc';
    if (data.includes(Buffer.from('PowerPoint Document', 'utf16le'))) return 'ppt';
    if (data.includes(Buffer.from('Workbook', 'utf16le'))) throw unsupported(Messages.documentSpreadsheet);
    throw new DomainError('DOCUMENT_UNSUPPORTED');
  }
  // Rich Text is converted; web pages are text files too, but their markup is not what a reader reads.
  const markup = markupFormat(data);
  if (markup === 'rtf') return 'rtf';
  if (markup) throw new DomainError('DOCUMENT_UNSUPPORTED');
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

/**
 * The content of the archive's first entry when it is stored (not compressed) and named
 * "mimetype", as OpenDocument and EPUB require; null otherwise.
 */
export function storedMimetype(data: Buffer): string | null {
  if (data.length < 30 || data.readUInt32LE(0) !== 0x04034b50 || data.readUInt16LE(8) !== 0) return null;
  const nameLength = data.readUInt16LE(26);
  const extraLength = data.readUInt16LE(28);
  const size = data.readUInt32LE(18);
  if (data.toString('latin1', 30, 30 + nameLength) !== 'mimetype' || size > 200) return null;
  const start = 30 + nameLength + extraLength;
  return data.toString('latin1', start, Math.min(data.length, start + size)).trim();
}

/** The "cannot be summarized" refusal, in words that say what to upload instead. */
const unsupported = (message: string) => new DomainError('DOCUMENT_UNSUPPORTED', message);

/** Refuses a file whose content is not what its name or type says. */
export function checkClaim(claimed: DetectedKind | null, detected: DetectedKind): void {
  if (!claimed || claimed === detected) return;
  if (GROUPS[claimed] && GROUPS[claimed] === GROUPS[detected]) return;
  // Rich Text saved with a .txt name is still Rich Text.
  if (claimed === 'text' && detected === 'rtf') return;
  throw typeMismatch(claimed);
}

/** The refusal of a file whose content is not the kind its name or type claims. */
export function typeMismatch(claimed: DetectedKind): DomainError {
  const label = NAMES[claimed];
  return new DomainError('DOCUMENT_TYPE_MISMATCH', `The content of this file does not match its type (${label}); please upload the original file`);
}
