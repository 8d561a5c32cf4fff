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
  if (b[0] === 0x1a && b[1] === 0x45 && b[2] === 0xdf && b[3] === 0xa3) return matroskaTracks(b) === 'audio' ? 'audio/webm' : 'video/webm';
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
  const tracks = isoTracks(b);
  if (brands[0] === 'qt  ') return tracks === 'audio' ? 'audio/mp4' : 'video/quicktime';
  return tracks === 'audio' ? 'audio/mp4' : 'video/mp4';
}

/**
 * What the tracks of an ISO media file hold, from the handler (`hdlr`) of each track in its `moov`
 * box: 'audio' when every track is sound, 'video' when one is video, null when the head does not
 * tell (the `moov` box comes after the media data, as ffmpeg writes by default). A long file's
 * `moov` goes past the head, but each track's handler comes before its sample tables, and the
 * movie header's next track id says how many tracks there are.
 */
function isoTracks(b: Buffer): 'audio' | 'video' | null {
  const moov = [...isoBoxes(b, 0, b.length)].find(([type]) => type === 'moov');
  if (!moov) return null;
  let tracks = 0;
  let sound = 0;
  let nextTrackId: number | undefined;
  for (const [type, start, end] of isoBoxes(b, moov[1], moov[2])) {
    if (type === 'mvhd') {
      // version 0 or 1 (64-bit times), then times, rate, volume, matrix and pre-defined fields
      const at = start + (b[start] === 1 ? 108 : 96);
      if (at + 4 <= b.length) nextTrackId = b.readUInt32BE(at);
    }
    if (type !== 'trak') continue;
    const handler = trackHandler(b, start, end);
    if (handler === 'vide') return 'video';
    if (handler) tracks++;
    if (handler === 'soun') sound++;
  }
  const allSeen = moov[2] <= b.length || (nextTrackId !== undefined && tracks >= nextTrackId - 1);
  return sound > 0 && sound === tracks && allSeen ? 'audio' : null;
}

/** The handler type of a `trak` box (`trak/mdia/hdlr`: after version, flags and a reserved field). */
function trackHandler(b: Buffer, start: number, end: number): string | null {
  for (const [mdia, mStart, mEnd] of isoBoxes(b, start, end)) {
    if (mdia !== 'mdia') continue;
    for (const [hdlr, hStart] of isoBoxes(b, mStart, mEnd)) {
      if (hdlr === 'hdlr' && hStart + 12 <= b.length) return b.toString('latin1', hStart + 8, hStart + 12);
    }
  }
  return null;
}

/** The boxes in `[from, to)` that start in the buffer: type, start of the content, end (which may lie past the buffer). */
function* isoBoxes(b: Buffer, from: number, to: number): Generator<[string, number, number]> {
  let at = from;
  while (at + 8 <= Math.min(to, b.length)) {
    let size = b.readUInt32BE(at);
    let header = 8;
    if (size === 1) {
      if (at + 16 > b.length) return;
      size = Number(b.readBigUInt64BE(at + 8));
      header = 16;
    } else if (size === 0) size = to - at; // to the end of the enclosing box or file
    if (size < header) return;
    yield [b.toString('latin1', at + 4, at + 8), at + header, at + size];
    at += size;
  }
}

/** Matroska element ids read below (marker bits included, as the specification writes them). */
const EBML = { segment: 0x18538067, tracks: 0x1654ae6b, trackEntry: 0xae, trackType: 0x83, cluster: 0x1f43b675 };
const EBML_VIDEO_TRACK = 1;
const EBML_AUDIO_TRACK = 2;

/**
 * What the tracks of a Matroska or WebM file hold, from the TrackType of each TrackEntry: 'audio'
 * when every track is audio (a browser's recording, an audio-only download), 'video' when one is
 * video, null when the head does not tell. The track list comes before the first cluster of media
 * data, near the start of the file.
 * Hand-written: a walk over a few element headers (no EBML library is a dependency here).
 */
function matroskaTracks(b: Buffer): 'audio' | 'video' | null {
  let audio = 0;
  let entries = 0;
  let tracksEnd: number | undefined;
  let at = 0;
  // One element header per step: the segment, the track list and its entries are entered, every other element skipped.
  for (let steps = 0; steps < 10_000 && at < b.length; steps++) {
    const id = vint(b, at, true);
    const size = id && vint(b, at + id.length, false);
    if (!id || !size) break;
    const content = at + id.length + size.length;
    if (id.value === EBML.cluster) {
      tracksEnd ??= at; // media data: the track list is behind
      break;
    }
    if (id.value === EBML.tracks) tracksEnd = size.value === undefined ? undefined : content + size.value;
    if (id.value === EBML.trackEntry) entries++;
    if (id.value === EBML.trackType && size.value !== undefined && size.value >= 1 && size.value <= 6 && content + size.value <= b.length) {
      const type = b.readUIntBE(content, size.value);
      if (type === EBML_VIDEO_TRACK) return 'video';
      if (type === EBML_AUDIO_TRACK) audio++;
    }
    if (id.value === EBML.segment || id.value === EBML.tracks || id.value === EBML.trackEntry) at = content;
    else if (size.value === undefined)
      break; // an element of unknown size that is not entered: nothing after it can be found
    else at = content + size.value;
  }
  const allSeen = tracksEnd !== undefined && tracksEnd <= b.length;
  return audio > 0 && audio === entries && allSeen ? 'audio' : null;
}

/** An EBML variable-length integer at `at`: an element id (marker kept) or a size (marker removed; undefined for "unknown"). */
function vint(b: Buffer, at: number, keepMarker: boolean): { value: number | undefined; length: number } | null {
  if (at >= b.length) return null;
  const first = b[at];
  const length = Math.clz32(first) - 23; // the position of the first set bit: 1 to 8 bytes
  if (length < 1 || length > 8 || at + length > b.length) return null;
  let value = keepMarker ? first : first & (0xff >> length);
  let allOnes = value === 0xff >> length;
  for (let i = 1; i < length; i++) {
    value = value * 256 + b[at + i];
    if (b[at + i] !== 0xff) allOnes = false;
  }
  return { value: !keepMarker && allOnes ? undefined : value, length };
}
