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
  if (ascii(4, 'ftyp')) {
    const brand = b.subarray(8, 12).toString('latin1');
    if (brand.startsWith('M4A')) return 'audio/mp4';
    if (brand === 'qt  ') return 'video/quicktime';
    return 'video/mp4';
  }
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
  if (/^<\?xml[^>]*>\s*<svg[\s>]|^<svg[\s>]/i.test(trimmed)) return 'image/svg+xml';
  return 'text/plain';
}
