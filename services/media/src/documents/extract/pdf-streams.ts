import { DomainError } from '@visualnotes/contracts';
import { constants, inflateSync } from 'node:zlib';

export interface PdfStreamLimits {
  /** Most bytes one page-description stream (content, form, object stream) may inflate to. */
  maxStreamBytes: number;
  /** Most bytes all of them together may inflate to. */
  maxTotalBytes: number;
}

const STREAM = Buffer.from('stream');
const END = Buffer.from('endstream');
/** Streams pdf.js does not walk through for text: pictures, embedded fonts, attachments, cross-references. */
const NOT_PARSED = /\/Subtype\s*\/(Image|Type1C|CIDFontType0C|OpenType)\b|\/Length[123]\b|\/Type\s*\/(EmbeddedFile|XRef)\b/;

/**
 * Inflates every Flate stream pdf.js would parse for text, each only up to the bounds, before
 * pdf.js sees the file: a few kilobytes can inflate to a page description of many megabytes that
 * would take pdf.js minutes to walk through. zlib stops at the bound, so the check itself is cheap.
 * Streams it cannot inflate (encrypted, damaged) are left to pdf.js. On the same pass, it answers
 * whether the file says any of `names` (as `pdfMentions` would), so a file is inflated once.
 */
export function checkPdfStreams(data: Buffer, limits: PdfStreamLimits, names: string[] = []): boolean {
  const wanted = names.map((n) => Buffer.from(n, 'latin1'));
  const mentions = (bytes: Buffer) => wanted.some((w) => bytes.includes(w));
  let said = mentions(data);
  let total = 0;
  for (const packed of parsedStreams(data)) {
    const room = Math.min(limits.maxStreamBytes, limits.maxTotalBytes - total);
    const inflated = inflatedWithin(packed, room);
    total += inflated.length;
    if (!said && mentions(inflated)) said = true;
  }
  return said;
}

/** The packed bytes of every Flate stream pdf.js would parse for text, in file order. */
function* parsedStreams(data: Buffer): Generator<Buffer> {
  let at = 0;
  while ((at = data.indexOf(STREAM, at)) !== -1) {
    const keyword = at;
    at += STREAM.length;
    // The keyword `stream` follows a dictionary and is followed by an end of line.
    let start = at;
    if (data[start] === 0x0d && data[start + 1] === 0x0a) start += 2;
    else if (data[start] === 0x0a || data[start] === 0x0d) start += 1;
    else continue;
    const dict = dictionaryBefore(data, keyword);
    if (!dict || !/\/(FlateDecode|Fl)\b/.test(dict) || NOT_PARSED.test(dict)) continue;
    const length = /\/Length\s+(\d+)(?!\s+\d+\s+R)/.exec(dict);
    let end = length ? start + Number(length[1]) : -1;
    if (end < start || end > data.length) end = data.indexOf(END, start);
    if (end < 0) end = data.length;
    yield data.subarray(start, end);
    at = end;
  }
}

/** The dictionary just before a `stream` keyword (bounded look-back), or null. */
function dictionaryBefore(data: Buffer, keyword: number): string | null {
  const from = Math.max(0, keyword - 4096);
  const text = data.subarray(from, keyword).toString('latin1');
  const close = text.lastIndexOf('>>');
  if (close < 0 || text.slice(close + 2).trim()) return null;
  const obj = text.lastIndexOf(' obj');
  return text.slice(obj < 0 ? 0 : obj, close + 2);
}

/** A stream inflated, refused past `room` bytes; empty when it cannot be inflated. */
function inflatedWithin(packed: Buffer, room: number): Buffer {
  let inflated: Buffer;
  try {
    // One byte over the room tells "too large" apart from "exactly fits".
    inflated = inflateSync(packed, { maxOutputLength: Math.max(1, room + 1), finishFlush: constants.Z_SYNC_FLUSH });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new DomainError('DOCUMENT_TOO_COMPLEX');
    return Buffer.alloc(0);
  }
  if (inflated.length > room) throw new DomainError('DOCUMENT_TOO_COMPLEX');
  return inflated;
}

/**
 * Whether a PDF says any of `names` (`/ActualText`, `/AcroForm`…) in its objects: in its bytes, or
 * in a page-description or object stream (each inflated up to `maxStreamBytes`).
 */
export function pdfMentions(data: Buffer, names: string[], maxStreamBytes: number): boolean {
  const wanted = names.map((n) => Buffer.from(n, 'latin1'));
  const mentions = (bytes: Buffer) => wanted.some((w) => bytes.includes(w));
  if (mentions(data)) return true;
  for (const packed of parsedStreams(data)) {
    try {
      if (mentions(inflateSync(packed, { maxOutputLength: Math.max(1, maxStreamBytes), finishFlush: constants.Z_SYNC_FLUSH }))) return true;
    } catch (err) {
      // Past the bound, it may say anything; what cannot be inflated is left to pdf.js.
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return true;
    }
  }
  return false;
}
