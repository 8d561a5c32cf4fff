import { isUtf8 } from 'node:buffer';
import iconv from 'iconv-lite';

export type TextEncoding = 'utf8' | 'utf16le' | 'utf16be' | 'win1252';

/**
 * Characters no text file holds (tab, line ends, form feed and escape aside), and what Windows-1252
 * leaves undefined: a "text" with them is binary data.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const NOT_TEXT = /[\x00-\x08\x0E-\x1A\x1C-\x1F\x7F-\x9F\uFFFD]/;

/**
 * How a text file is encoded, for the ways people save them: UTF-8 (with or without a byte-order
 * mark), UTF-16 with a byte-order mark (Windows Notepad's "Unicode", some subtitle editors), else
 * Windows-1252 (older Windows editors and subtitle tools in Western European languages). Null when
 * the bytes are not text. `sample` may be the start of a file: a character cut at its end is fine.
 */
export function textEncoding(sample: Buffer): TextEncoding | null {
  if (sample[0] === 0xff && sample[1] === 0xfe) return utf16Text(sample, 'utf16le');
  if (sample[0] === 0xfe && sample[1] === 0xff) return utf16Text(sample, 'utf16be');
  if (sample.includes(0)) return null;
  // A multi-byte character cut at the sample's end is not an error.
  const utf8 = sample.toString('utf8');
  if (!utf8.slice(0, Math.max(0, utf8.length - 4)).includes('\uFFFD')) return 'utf8';
  return NOT_TEXT.test(iconv.decode(sample, 'win1252')) ? null : 'win1252';
}

/** Half of a surrogate pair without its other half: decoded binary data, not text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function utf16Text(sample: Buffer, encoding: 'utf16le' | 'utf16be'): TextEncoding | null {
  // The sample's last character may be half of a surrogate pair.
  const text = iconv.decode(sample.subarray(2, sample.length - (sample.length % 2)), encoding).slice(0, -1);
  return NOT_TEXT.test(text) || LONE_SURROGATE.test(text) ? null : encoding;
}

/** A whole text file as a string (byte-order mark dropped), or null when it is not text. */
export function decodeText(data: Buffer): string | null {
  if (data.length === 0) return '';
  const encoding = textEncoding(data.subarray(0, 64 * 1024));
  if (!encoding) return null;
  // UTF-8 at the start but not further on: a Windows-1252 file whose first accent comes late.
  if (encoding === 'utf8' && !isUtf8(data)) {
    const text = iconv.decode(data, 'win1252');
    return NOT_TEXT.test(text) ? null : text;
  }
  return iconv.decode(data, encoding, { stripBOM: true });
}
