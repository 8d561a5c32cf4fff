import { inflateSync } from 'node:zlib';
import { EXCALIDRAW_FILE_MAX_BYTES, SCENE_MAX_BYTES } from '@visualnotes/contracts';

const EXCALIDRAW_MIME = 'application/vnd.excalidraw+json';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * Unpacked text allowed for the drawing itself, beside its images: the largest scene the publish
 * service keeps (`SCENE_MAX_BYTES`, measured as compact JSON) as Excalidraw writes it into a PNG,
 * SVG or note, indented by two spaces. Indenting takes shapes to about 1.4 times their compact
 * size and freehand strokes (one point coordinate a line) to about 3 times.
 */
const SCENE_TEXT_ALLOWANCE = 4 * SCENE_MAX_BYTES;
/**
 * How much larger than the file its embedded images may unpack to. Pictures are compressed data
 * already: as base64 in a deflated PNG text chunk they unpack to about 1.33 times their packed
 * size, in an SVG payload (base64 of the deflated scene) to about the file's size, in LZ-String
 * to less. SVG pictures pack better; small ones (icons) fit in the allowance for the drawing.
 */
const IMAGE_EXPANSION = 4;

/**
 * Longest scene text a file of `fileBytes` may unpack to: the drawing's allowance plus its images,
 * never more than a plain `.excalidraw` file may be. A few kilobytes of deflate or LZ-String can
 * unpack to gigabytes, so a packed file may not stand for much more work than a plain file of its
 * size; whatever unpacks to more than a scene can hold is refused while it unpacks.
 */
export function sceneCharsLimit(fileBytes: number): number {
  return Math.min(EXCALIDRAW_FILE_MAX_BYTES, SCENE_TEXT_ALLOWANCE + IMAGE_EXPANSION * fileBytes);
}

/** The file unpacks to more than a scene may hold. */
export class SceneTooLargeError extends Error {}

/**
 * The scene JSON inside the files people keep Excalidraw drawings in: an `.excalidraw` file (JSON),
 * a PNG or SVG exported by Excalidraw with "Embed scene" (the scene rides in a text chunk or an SVG
 * comment, usually deflated), or an Obsidian Excalidraw note (`.excalidraw.md`: the scene as a
 * `json` or LZ-String `compressed-json` block under its "Drawing" heading). Null when the file holds
 * no scene; the caller then restores whatever JSON this gives as Excalidraw would. Throws
 * SceneTooLargeError once packed text unpacks to more than `maxChars`.
 *
 * The file is the sender's: it is read by searching for fixed markers (indexOf) and walking the
 * text once, never with a regular expression that can backtrack (a pattern such as
 * `\s*([…\s]+?)\s*<end>` takes seconds on a few kilobytes of spaces without the end).
 */
export function sceneTextOf(bytes: Buffer, maxChars = sceneCharsLimit(bytes.length)): string | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngScene(bytes, maxChars);
  let text = bytes.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  const head = text.trimStart();
  if (head.startsWith('{')) return head;
  if (head.startsWith('<')) return text.includes(`payload-type:${EXCALIDRAW_MIME}`) ? svgScene(text, maxChars) : null;
  return obsidianScene(text, maxChars);
}

/** Excalidraw's `{encoding: "bstring", compressed, encoded}` wrapper, or a bare scene. */
function decodeWrapped(json: string, maxChars: number): string | null {
  let data: unknown;
  try {
    data = JSON.parse(json);
  } catch {
    return null;
  }
  if (!data || typeof data !== 'object') return null;
  const wrapped = data as { encoded?: unknown; encoding?: unknown; compressed?: unknown; type?: unknown };
  if (!('encoded' in wrapped)) return wrapped.type === 'excalidraw' ? json : null;
  if (wrapped.encoding !== 'bstring' || typeof wrapped.encoded !== 'string') return null;
  const raw = Buffer.from(wrapped.encoded, 'latin1');
  if (!wrapped.compressed) return raw.toString('utf8');
  try {
    return inflateSync(raw, { maxOutputLength: maxChars }).toString('utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SceneTooLargeError();
    return null;
  }
}

/** The text between the first `open` and the next `close` after it, or null. */
function between(text: string, open: string, close: string): string | null {
  const start = text.indexOf(open);
  if (start === -1) return null;
  const end = text.indexOf(close, start + open.length);
  return end === -1 ? null : text.slice(start + open.length, end);
}

/** Anything but base64 and whitespace (a single character class: no backtracking). */
const NOT_BASE64 = /[^A-Za-z0-9+/=\s]/;

/** An SVG exported with the scene embedded (payload version 1: UTF-8 JSON; 2: a byte string). */
function svgScene(svg: string, maxChars: number): string | null {
  const payload = between(svg, '<!-- payload-start -->', '<!-- payload-end -->');
  if (payload === null || NOT_BASE64.test(payload)) return null;
  const base64 = payload.replace(/\s+/g, '');
  if (!base64) return null;
  const version = between(svg, '<!-- payload-version:', ' -->') ?? '1';
  const bytes = Buffer.from(base64, 'base64');
  return decodeWrapped(bytes.toString(version === '1' || !/^\d+$/.test(version) ? 'utf8' : 'latin1'), maxChars);
}

/**
 * A PNG exported with the scene embedded: a `tEXt` chunk whose keyword is Excalidraw's type.
 * (A PNG is a list of length-prefixed chunks; finding one text chunk needs no image library.)
 */
function pngScene(png: Buffer, maxChars: number): string | null {
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) return null;
    if (type === 'tEXt') {
      const data = png.subarray(at + 8, at + 8 + length);
      const nul = data.indexOf(0);
      if (nul > 0 && data.toString('latin1', 0, nul) === EXCALIDRAW_MIME) return decodeWrapped(data.toString('latin1', nul + 1), maxChars);
    }
    if (type === 'IEND') return null;
    at = end;
  }
  return null;
}

const isSpace = (c: string) => c.trim() === '';

/** Where the first "Drawing" heading (`#` to `######`, alone on its line) starts, else 0. */
function drawingHeading(markdown: string): number {
  for (let at = 0; at < markdown.length;) {
    const eol = markdown.indexOf('\n', at);
    const end = eol === -1 ? markdown.length : eol;
    let hashes = 0;
    while (hashes < 7 && markdown[at + hashes] === '#') hashes++;
    if (hashes >= 1 && hashes <= 6 && markdown.slice(at + hashes, end).trim() === 'Drawing') return at;
    at = end + 1;
  }
  return 0;
}

/**
 * The first fenced block from `from` whose fence line starts with ` ```json ` or
 * ` ```compressed-json `: its kind and text, up to the first line break followed only by
 * whitespace and the closing fence.
 */
function fencedBlock(markdown: string, from: number): { kind: 'json' | 'compressed-json'; body: string } | null {
  for (let fence = markdown.indexOf('```', from); fence !== -1; fence = markdown.indexOf('```', fence + 1)) {
    const kind = markdown.startsWith('compressed-json', fence + 3) ? 'compressed-json' : markdown.startsWith('json', fence + 3) ? 'json' : null;
    if (!kind) continue;
    const eol = markdown.indexOf('\n', fence + 3);
    if (eol === -1) return null;
    const bodyStart = eol + 1;
    // Each candidate closing fence looks back over the whitespace just before it; those stretches
    // do not overlap, so the search reads the text once.
    for (let close = markdown.indexOf('```', bodyStart); close !== -1; close = markdown.indexOf('```', close + 1)) {
      let lineBreak = -1;
      for (let i = close - 1; i >= bodyStart && isSpace(markdown[i]); i--) if (markdown[i] === '\n') lineBreak = i;
      if (lineBreak !== -1) return { kind, body: markdown.slice(bodyStart, lineBreak) };
    }
    return null;
  }
  return null;
}

/** An Obsidian Excalidraw note: the block after its "Drawing" heading. */
function obsidianScene(markdown: string, maxChars: number): string | null {
  const block = fencedBlock(markdown, drawingHeading(markdown));
  if (!block) return null;
  if (block.kind === 'json') return block.body.trim();
  return lzDecompressFromBase64(block.body.replace(/\s+/g, ''), maxChars);
}

const LZ_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
const LZ_BASE64_VALUE = new Map([...LZ_BASE64].map((c, i) => [c, i]));

/**
 * LZ-String's `decompressFromBase64` (the format Obsidian stores drawings in), written out here
 * because the library's version cannot stop early: a few kilobytes can unpack to gigabytes. This
 * one stops with SceneTooLargeError once the output passes `maxChars`, and answers null for
 * input that is not LZ-String data.
 */
export function lzDecompressFromBase64(input: string, maxChars: number): string | null {
  if (!input) return null;
  const value = (index: number) => LZ_BASE64_VALUE.get(input.charAt(index)) ?? 0;
  const resetValue = 32;
  const data = { val: value(0), position: resetValue, index: 1 };
  const readBits = (count: number) => {
    let bits = 0;
    for (let power = 1; power !== 1 << count; power <<= 1) {
      const bit = data.val & data.position;
      data.position >>= 1;
      if (data.position === 0) {
        data.position = resetValue;
        data.val = value(data.index++);
      }
      bits |= (bit > 0 ? 1 : 0) * power;
    }
    return bits;
  };
  const dictionary: string[] = ['0', '1', '2'];
  let enlargeIn = 4;
  let dictSize = 4;
  let numBits = 3;
  let c: string;
  switch (readBits(2)) {
    case 0:
      c = String.fromCharCode(readBits(8));
      break;
    case 1:
      c = String.fromCharCode(readBits(16));
      break;
    default:
      return '';
  }
  dictionary[3] = c;
  let w = c;
  const result: string[] = [c];
  let size = c.length;
  for (;;) {
    if (data.index > input.length) return null;
    let code = readBits(numBits);
    if (code === 0 || code === 1) {
      dictionary[dictSize++] = String.fromCharCode(readBits(code === 0 ? 8 : 16));
      code = dictSize - 1;
      enlargeIn--;
    } else if (code === 2) {
      return result.join('');
    }
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
    let entry: string;
    if (code < dictSize && dictionary[code] !== undefined && code > 2) entry = dictionary[code];
    else if (code === dictSize) entry = w + w.charAt(0);
    else return null;
    size += entry.length;
    if (size > maxChars) throw new SceneTooLargeError();
    result.push(entry);
    dictionary[dictSize++] = w + entry.charAt(0);
    enlargeIn--;
    w = entry;
    if (enlargeIn === 0) {
      enlargeIn = 2 ** numBits;
      numBits++;
    }
  }
}
