import { isUtf8 } from 'node:buffer';
import { DomainError, Messages } from '@visualnotes/contracts';
import chardet from 'chardet';
import iconv from 'iconv-lite';

/**
 * An encoding name ('utf-8', 'utf-16le', 'windows-1252', 'gb18030', 'shift_jis'…), or
 * {@link UNKNOWN_ENCODING}: text whose encoding cannot be told with confidence. Decoded with
 * iconv-lite, not TextDecoder: Node 20's TextDecoder reads Windows-1252's 0x80–0x9F (€, –, “…) as C1 controls.
 */
export type TextEncoding = string;
export const UNKNOWN_ENCODING = 'unknown';

/**
 * Characters no text file holds (tab, line ends, form feed and escape aside), and what Windows-1252
 * leaves undefined: a "text" with them is binary data.
 */
// eslint-disable-next-line no-control-regex -- control characters are what this looks for
const NOT_TEXT = /[\x00-\x08\x0E-\x1A\x1C-\x1F\x7F-\x9F\uFFFD]/;

/** Encodings of two bytes a character (CJK): a short sample in one of them also reads as single-byte text. */
const MULTI_BYTE = new Set(['shift_jis', 'euc-jp', 'iso-2022-jp', 'gbk', 'gb18030', 'big5', 'euc-kr']);
/** chardet's confidence (0–100) from which its best guess is taken. */
const CONFIDENT = 40;
/** …and from which a single-byte guess is taken even when the bytes also read as CJK. */
const SURE = 60;

/**
 * How a text file is encoded: by its byte-order mark (UTF-8, UTF-16 LE/BE), as UTF-8 when it is
 * valid UTF-8, else by chardet's statistical guess (GBK/GB18030, Big5, Shift-JIS, EUC-KR,
 * Windows-125x, ISO-8859-x, KOI8-R…) when it is confident and the bytes decode as text.
 * {@link UNKNOWN_ENCODING} when no guess is confident; null when the bytes are not text.
 * `sample` may be the start of a file: a character cut at its end is fine.
 */
export function textEncoding(sample: Buffer): TextEncoding | null {
  if (sample[0] === 0xef && sample[1] === 0xbb && sample[2] === 0xbf) return decodes(sample, 'utf-8') ? 'utf-8' : null;
  if (sample[0] === 0xff && sample[1] === 0xfe) return utf16Text(sample, 'utf-16le');
  if (sample[0] === 0xfe && sample[1] === 0xff) return utf16Text(sample, 'utf-16be');
  if (sample.includes(0)) return null;
  if (decodes(sample, 'utf-8')) return 'utf-8';
  const guesses: { encoding: string; confidence: number }[] = [];
  for (const match of chardet.analyse(sample)) {
    const encoding = decoderName(match.name);
    if (encoding && match.confidence > 0 && decodes(sample, encoding)) guesses.push({ encoding, confidence: match.confidence });
  }
  // Control characters read alike in every encoding chardet names: no guess makes them text.
  if (!guesses.length) return NOT_TEXT.test(sample.toString('latin1').replace(/[\x80-\xff]/g, '')) ? null : UNKNOWN_ENCODING;
  const [best] = guesses;
  if (best.confidence < CONFIDENT) return UNKNOWN_ENCODING;
  // A few CJK characters also read as Cyrillic or Greek letters (chardet gives CJK 10 when there are few).
  const cjkToo = guesses.some((g) => g !== best && MULTI_BYTE.has(g.encoding));
  if (!MULTI_BYTE.has(best.encoding) && best.confidence < SURE && cjkToo) return UNKNOWN_ENCODING;
  return best.encoding;
}

/** chardet's name as iconv-lite knows it (ISO-8859-1 reads as Windows-1252, as browsers do); null for one it cannot read. */
function decoderName(name: string): string | null {
  const encoding = name.toLowerCase() === 'iso-8859-1' ? 'windows-1252' : name.toLowerCase();
  return iconv.encodingExists(encoding) ? encoding : null;
}

/** Whether `sample` is text in `encoding`: every byte sequence valid, no control characters. */
function decodes(sample: Buffer, encoding: string): boolean {
  // A character cut at the end of the sample is not an error.
  return !NOT_TEXT.test(decode(sample, encoding).slice(0, -2));
}

const decode = (data: Buffer, encoding: string) => iconv.decode(data, encoding, { stripBOM: true });

/** Half of a surrogate pair without its other half: decoded binary data, not text. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function utf16Text(sample: Buffer, encoding: 'utf-16le' | 'utf-16be'): TextEncoding | null {
  // The sample's last character may be half of a surrogate pair.
  const text = iconv.decode(sample.subarray(2, sample.length - (sample.length % 2)), encoding).slice(0, -1);
  return NOT_TEXT.test(text) || LONE_SURROGATE.test(text) ? null : encoding;
}

/** A sample of a text file as a string, for telling what kind of text it is (an unknown encoding reads as Latin-1). */
export function decodeSample(sample: Buffer, encoding: TextEncoding): string {
  return encoding === UNKNOWN_ENCODING ? sample.toString('latin1') : decode(sample, encoding);
}

/**
 * A whole text file as a string (byte-order mark dropped), or null when it is not text. Throws the
 * user-facing "save it as UTF-8" refusal when its encoding cannot be told.
 */
export function decodeText(data: Buffer): string | null {
  if (data.length === 0) return '';
  let encoding = textEncoding(data.subarray(0, 64 * 1024));
  if (!encoding) return null;
  // UTF-8 at the start but not further on: a legacy-encoded file whose first accent comes late,
  // told by the part from there on.
  if (encoding === 'utf-8' && data.length > 64 * 1024 && data[0] !== 0xef && !isUtf8(data)) {
    // From the word holding the first non-ASCII byte: chardet's statistics ignore a long ASCII run poorly.
    const first = data.findIndex((byte) => byte >= 0x80);
    const word = Math.max(data.lastIndexOf(0x20, first), data.lastIndexOf(0x0a, first), first - 64);
    encoding = textEncoding(data.subarray(word, first + 64 * 1024));
  }
  if (!encoding) return null;
  if (encoding === UNKNOWN_ENCODING) throw new DomainError('UNSUPPORTED_FILE', Messages.textEncodingUnknown);
  const text = decode(data, encoding);
  return NOT_TEXT.test(text) ? null : text;
}
