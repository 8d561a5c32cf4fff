import { inflateSync } from 'node:zlib';
import { EXCALIDRAW_FILE_MAX_BYTES } from '@visualnotes/contracts';

const EXCALIDRAW_MIME = 'application/vnd.excalidraw+json';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Longest scene text a file may unpack to (the same bound as a plain `.excalidraw` file). */
const MAX_SCENE_CHARS = EXCALIDRAW_FILE_MAX_BYTES;

/** The file unpacks to more than a scene may hold. */
export class SceneTooLargeError extends Error {}

/**
 * The scene JSON inside the files people keep Excalidraw drawings in: an `.excalidraw` file (JSON),
 * a PNG or SVG exported by Excalidraw with "Embed scene" (the scene rides in a text chunk or an SVG
 * comment, usually deflated), or an Obsidian Excalidraw note (`.excalidraw.md`: the scene as a
 * `json` or LZ-String `compressed-json` block under its "Drawing" heading). Null when the file holds
 * no scene; the caller then restores whatever JSON this gives as Excalidraw would.
 */
export function sceneTextOf(bytes: Buffer): string | null {
  if (bytes.subarray(0, 8).equals(PNG_SIGNATURE)) return pngScene(bytes);
  const text = bytes.toString('utf8').replace(/^\uFEFF/, '');
  const head = text.trimStart();
  if (head.startsWith('{')) return head;
  if (head.startsWith('<')) return text.includes(`payload-type:${EXCALIDRAW_MIME}`) ? svgScene(text) : null;
  return obsidianScene(text);
}

/** Excalidraw's `{encoding: "bstring", compressed, encoded}` wrapper, or a bare scene. */
function decodeWrapped(json: string): string | null {
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
    return inflateSync(raw, { maxOutputLength: MAX_SCENE_CHARS }).toString('utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') throw new SceneTooLargeError();
    return null;
  }
}

/** An SVG exported with the scene embedded (payload version 1: UTF-8 JSON; 2: a byte string). */
function svgScene(svg: string): string | null {
  const payload = /<!-- payload-start -->\s*([A-Za-z0-9+/=\s]+?)\s*<!-- payload-end -->/.exec(svg)?.[1];
  if (!payload) return null;
  const version = /<!-- payload-version:(\d+) -->/.exec(svg)?.[1] ?? '1';
  const bytes = Buffer.from(payload.replace(/\s+/g, ''), 'base64');
  return decodeWrapped(bytes.toString(version === '1' ? 'utf8' : 'latin1'));
}

/**
 * A PNG exported with the scene embedded: a `tEXt` chunk whose keyword is Excalidraw's type.
 * (A PNG is a list of length-prefixed chunks; finding one text chunk needs no image library.)
 */
function pngScene(png: Buffer): string | null {
  let at = 8;
  while (at + 12 <= png.length) {
    const length = png.readUInt32BE(at);
    const type = png.toString('latin1', at + 4, at + 8);
    const end = at + 12 + length;
    if (end > png.length) return null;
    if (type === 'tEXt') {
      const data = png.subarray(at + 8, at + 8 + length);
      const nul = data.indexOf(0);
      if (nul > 0 && data.toString('latin1', 0, nul) === EXCALIDRAW_MIME) return decodeWrapped(data.toString('latin1', nul + 1));
    }
    if (type === 'IEND') return null;
    at = end;
  }
  return null;
}

/** An Obsidian Excalidraw note: the block after its "Drawing" heading. */
function obsidianScene(markdown: string): string | null {
  const drawing = /^#{1,6}\s*Drawing\s*$/m.exec(markdown);
  const from = drawing ? drawing.index : 0;
  const block = /```(compressed-json|json)[^\n]*\n([\s\S]*?)\n\s*```/.exec(markdown.slice(from));
  if (!block) return null;
  if (block[1] === 'json') return block[2].trim();
  return lzDecompressFromBase64(block[2].replace(/\s+/g, ''), MAX_SCENE_CHARS);
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
