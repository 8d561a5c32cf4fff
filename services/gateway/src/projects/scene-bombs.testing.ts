/*
 * Files for the tests of imports (scene-file.spec.ts, import.int-spec.ts): small files that unpack
 * to far more than a scene may hold.
 */
import { deflateSync } from 'node:zlib';

/**
 * LZ-String data that unpacks to `'a'` repeated about `codes² / 2` times: each code names the
 * dictionary entry not yet made (the last one plus its first letter), one longer than the last.
 */
export function lzBomb(codes: number): string {
  const LZ_BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/=';
  let out = '';
  let value = 0;
  let position = 32;
  const write = (bits: number, count: number) => {
    for (let i = 0; i < count; i++) {
      if ((bits >> i) & 1) value |= position;
      position >>= 1;
      if (position === 0) {
        out += LZ_BASE64[value];
        value = 0;
        position = 32;
      }
    }
  };
  write(0, 2);
  write(97, 8);
  let dictSize = 4;
  let numBits = 3;
  let enlargeIn = 4;
  for (let i = 0; i < codes; i++) {
    write(dictSize, numBits);
    dictSize++;
    if (--enlargeIn === 0) enlargeIn = 2 ** numBits++;
  }
  write(2, numBits);
  return `${out}${LZ_BASE64[value]}A`;
}

/** A scene whose text is `chars` long, made of small rectangles (it packs to a few hundred times less). */
export function manyShapes(chars: number): string {
  const el = '{"id":"a","type":"rectangle","x":1,"y":1,"width":1,"height":1},';
  return `{"type":"excalidraw","version":2,"elements":[${el.repeat(Math.ceil(chars / el.length))}{"id":"b","type":"rectangle","x":1,"y":1,"width":1,"height":1}]}`;
}

/** Excalidraw's wrapper for embedded scenes, deflated. */
export const deflatedWrapper = (text: string) =>
  JSON.stringify({ version: '1', encoding: 'bstring', compressed: true, encoded: deflateSync(Buffer.from(text), { level: 9 }).toString('latin1') });

/** A PNG (no image, only chunks) with `text` in Excalidraw's tEXt chunk. */
export function pngWithScene(text: string): Buffer {
  const out: Buffer[] = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  const chunks = [
    { type: 'IHDR', data: Buffer.alloc(13) },
    { type: 'tEXt', data: Buffer.concat([Buffer.from('application/vnd.excalidraw+json\0', 'latin1'), Buffer.from(text, 'latin1')]) },
    { type: 'IEND', data: Buffer.alloc(0) },
  ];
  for (const c of chunks) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(c.data.length, 0);
    head.write(c.type, 4, 'latin1');
    out.push(head, c.data, Buffer.alloc(4));
  }
  return Buffer.concat(out);
}

/** An SVG exported with `payload` (base64) as its embedded scene. */
export const svgWithScene = (payload: string, version = 2) =>
  `<svg xmlns="http://www.w3.org/2000/svg"><metadata><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:${version} --><!-- payload-start -->${payload}<!-- payload-end --></metadata></svg>`;

/** An Obsidian Excalidraw note with `body` as its drawing block. */
export const noteWithScene = (body: string, kind = 'compressed-json') =>
  `---\nexcalidraw-plugin: parsed\n---\n# Excalidraw Data\n%%\n## Drawing\n\`\`\`${kind}\n${body}\n\`\`\`\n%%\n`;
