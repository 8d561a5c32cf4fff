import { decodeSample, textEncoding } from '../common/text-files';

/**
 * The real type of a file from its first bytes (magic numbers), never from its name.
 * Returns a MIME type, or null when the content is not one we accept.
 */
export function sniffContentType(head: Buffer): string | null {
  const b = head;
  const ascii = (start: number, text: string) => b.subarray(start, start + text.length).toString('latin1') === text;
  if (b.length === 0) return null;
  if (ascii(0, '%PDF-')) return 'application/pdf';
  if (b[0] === 0x89 && ascii(1, 'PNG')) return 'image/png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  if (ascii(0, 'GIF87a') || ascii(0, 'GIF89a')) return 'image/gif';
  if (ascii(0, 'RIFF') && ascii(8, 'WEBP')) return 'image/webp';
  if (ascii(0, 'RIFF') && ascii(8, 'WAVE')) return 'audio/wav';
  if (ascii(0, 'OggS')) return 'audio/ogg';
  if (ascii(0, 'fLaC')) return 'audio/flac';
  // UTF-16 text starts with a byte-order mark that an MP3 frame header could also start with.
  if ((b[0] === 0xff && b[1] === 0xfe) || (b[0] === 0xfe && b[1] === 0xff)) {
    const type = textType(b);
    if (type) return type;
  }
  if (ascii(0, 'ID3') || (b[0] === 0xff && (b[1] & 0xe0) === 0xe0)) return 'audio/mpeg';
  if (ascii(4, 'ftyp')) return isoMediaType(b);
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return 'video/webm';
  if (b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04) {
    // Office Open XML files are zip archives; the first entry names tell which one.
    const names = b.toString('latin1');
    if (names.includes('word/')) return 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
    if (names.includes('ppt/')) return 'application/vnd.openxmlformats-officedocument.presentationml.presentation';
    return 'application/zip';
  }
  return textType(b);
}

/** Subtitles, SVG or plain text, in any encoding {@link textEncoding} knows; null for binary data. */
function textType(b: Buffer): string | null {
  const encoding = textEncoding(b);
  if (!encoding) return null;
  const trimmed = decodeSample(b, encoding).trimStart();
  if (trimmed.startsWith('WEBVTT')) return 'text/vtt';
  // SubRip's first cue: its number and timing line, also with short milliseconds, a `->` arrow or old Mac line ends.
  if (/^\d+[ \t]*(?:\r?\n|\r)[ \t]*(?:\d+:)?\d{1,2}:\d{2}[,.]\d{1,3}[ \t]*-{1,2}>/.test(trimmed)) return 'application/x-subrip';
  // Advanced SubStation Alpha (.ass) and SubStation Alpha (.ssa), as Aegisub and older tools write them.
  if (/^\[Script Info\]/i.test(trimmed)) return 'text/x-ssa';
  if (isSvg(trimmed)) return 'image/svg+xml';
  return 'text/plain';
}

/** An XML declaration or processing instruction, a comment, or a DOCTYPE (with its internal subset), as editors write before the root. */
const XML_PROLOG_ITEM = /^(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->|<!DOCTYPE\s[^[>]*(?:\[[\s\S]*?\]\s*)?>)/i;

/**
 * Whether text is an SVG document: its root element `<svg>` (or `<svg:svg>`), after whatever
 * prolog Illustrator, Inkscape and others write (XML declaration, comments, DOCTYPE, blank lines).
 */
function isSvg(text: string): boolean {
  let rest = text;
  for (let item = XML_PROLOG_ITEM.exec(rest); item; item = XML_PROLOG_ITEM.exec(rest)) rest = rest.slice(item[0].length).trimStart();
  return /^<(?:svg:)?svg[\s/>]/i.test(rest);
}

/** `ftyp` brands of HEIF images coded in HEVC (HEIC): still images, collections and sequences. */
const HEIC_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx']);
/** `ftyp` brands of HEIF files that do not say the codec (an AVIF or HEVC brand, if any, comes among the compatible ones). */
const HEIF_BRANDS = new Set(['mif1', 'msf1']);

/**
 * The type of an ISO base media file (`ftyp` box first) from its major and compatible brands:
 * AVIF and HEIC/HEIF images share the container with MP4, M4A and QuickTime.
 * Hand-written: file-type (only a transitive, ESM-only, async dependency here) reads the major brand only.
 */
function isoMediaType(b: Buffer): string {
  const boxEnd = Math.min(b.readUInt32BE(0), b.length);
  const brands = [b.subarray(8, 12).toString('latin1')];
  // after the major brand: minor version (4 bytes), then compatible brands of 4 bytes to the end of the box
  for (let at = 16; at + 4 <= boxEnd; at += 4) brands.push(b.subarray(at, at + 4).toString('latin1'));
  if (brands.includes('avif') || brands.includes('avis')) return 'image/avif';
  if (brands.some((brand) => HEIC_BRANDS.has(brand))) return 'image/heic';
  if (brands.some((brand) => HEIF_BRANDS.has(brand))) return 'image/heif';
  if (brands[0].startsWith('M4A')) return 'audio/mp4';
  if (brands[0] === 'qt  ') return 'video/quicktime';
  return 'video/mp4';
}
