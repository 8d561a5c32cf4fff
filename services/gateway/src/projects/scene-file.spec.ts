import { randomBytes } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { EXCALIDRAW_FILE_MAX_BYTES, SCENE_MAX_BYTES } from '@visualnotes/contracts';
import { compressToBase64 } from 'lz-string';
import { lzDecompressFromBase64, sceneCharsLimit, SceneTooLargeError, sceneTextOf } from './scene-file';
import { lzBomb, manyShapes } from './scene-bombs.testing';

const scene = {
  type: 'excalidraw',
  version: 2,
  source: 'https://excalidraw.com',
  elements: [
    { id: 'r1', type: 'rectangle', x: 10, y: 20, width: 100, height: 50 },
    { id: 't1', type: 'text', x: 0, y: 0, text: 'Grüße, 你好, مرحبا' },
  ],
  appState: { viewBackgroundColor: '#ffffff' },
  files: {},
};
const json = JSON.stringify(scene);

/** Excalidraw's wrapper for embedded scenes: `{version, encoding: "bstring", compressed, encoded}`. */
const wrapped = (text: string, compressed = true) =>
  JSON.stringify({
    version: '1',
    encoding: 'bstring',
    compressed,
    encoded: (compressed ? deflateSync(Buffer.from(text)) : Buffer.from(text)).toString('latin1'),
  });

function png(chunks: { type: string; data: Buffer }[]): Buffer {
  const out: Buffer[] = [Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])];
  for (const c of [...chunks, { type: 'IEND', data: Buffer.alloc(0) }]) {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(c.data.length, 0);
    head.write(c.type, 4, 'latin1');
    out.push(head, c.data, Buffer.alloc(4));
  }
  return Buffer.concat(out);
}

describe('scene files as people save them', () => {
  it('takes an .excalidraw file (JSON, with or without a byte order mark)', () => {
    expect(sceneTextOf(Buffer.from(json))).toBe(json);
    expect(sceneTextOf(Buffer.from(`\uFEFF  ${json}`))).toBe(json);
  });

  it('takes the scene embedded in an exported SVG (payload versions 1 and 2)', () => {
    const v2 = `<svg xmlns="http://www.w3.org/2000/svg"><!-- svg-source:excalidraw --><metadata><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 --><!-- payload-start -->${Buffer.from(wrapped(json), 'latin1').toString('base64')}<!-- payload-end --></metadata><rect/></svg>`;
    expect(JSON.parse(sceneTextOf(Buffer.from(v2))!)).toEqual(scene);
    const v1 = `<svg><metadata><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:1 --><!-- payload-start -->${Buffer.from(json).toString('base64')}<!-- payload-end --></metadata></svg>`;
    expect(JSON.parse(sceneTextOf(Buffer.from(v1))!)).toEqual(scene);
    expect(sceneTextOf(Buffer.from('<svg><rect/></svg>'))).toBeNull();
  });

  it('takes the scene embedded in an exported PNG (tEXt chunk)', () => {
    const text = Buffer.concat([Buffer.from('application/vnd.excalidraw+json\0', 'latin1'), Buffer.from(wrapped(json), 'latin1')]);
    const file = png([
      { type: 'IHDR', data: Buffer.alloc(13) },
      { type: 'tEXt', data: text },
    ]);
    expect(JSON.parse(sceneTextOf(file)!)).toEqual(scene);
    expect(sceneTextOf(png([{ type: 'IHDR', data: Buffer.alloc(13) }]))).toBeNull();
    // A chunk that claims more bytes than the file has ends the search.
    expect(sceneTextOf(file.subarray(0, 40))).toBeNull();
  });

  it('takes an Obsidian Excalidraw note, compressed (LZ-String, wrapped lines) or plain', () => {
    const compressed = compressToBase64(json).replace(/(.{64})/g, '$1\n');
    const note = `---\nexcalidraw-plugin: parsed\n---\n# Excalidraw Data\n## Text Elements\nGrüße ^t1\n\n%%\n## Drawing\n\`\`\`compressed-json\n${compressed}\n\`\`\`\n%%`;
    expect(JSON.parse(sceneTextOf(Buffer.from(note))!)).toEqual(scene);
    const plain = `# Excalidraw Data\n%%\n# Drawing\n\`\`\`json\n${JSON.stringify(scene, null, '\t')}\n\`\`\`\n%%`;
    expect(JSON.parse(sceneTextOf(Buffer.from(plain))!)).toEqual(scene);
    expect(sceneTextOf(Buffer.from('# Shopping list\n- milk'))).toBeNull();
  });

  it('reads LZ-String data exactly as the library writes it, in every script', () => {
    for (const text of ['', 'a', 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', json, '🙂 emoji ✓ and 漢字 and עברית', 'x'.repeat(10_000) + 'y'.repeat(5_000)]) {
      expect(lzDecompressFromBase64(compressToBase64(text), 1e9)).toBe(text);
    }
    expect(lzDecompressFromBase64('!!!not lz', 1e9)).toBeNull();
  });

  it('stops unpacking at the size limit instead of filling memory', () => {
    // One character repeated: each dictionary entry is one longer than the last (quadratic growth).
    const bomb = compressToBase64('a'.repeat(20_000));
    expect(() => lzDecompressFromBase64(bomb, 10_000)).toThrow(SceneTooLargeError);
    const deflated = deflateSync(Buffer.alloc(51_000_000, 0x20), { level: 1 });
    const svg = `<svg><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 --><!-- payload-start -->${Buffer.from(JSON.stringify({ encoding: 'bstring', compressed: true, encoded: deflated.toString('latin1') }), 'latin1').toString('base64')}<!-- payload-end --></svg>`;
    expect(() => sceneTextOf(Buffer.from(svg))).toThrow(SceneTooLargeError);
  });
});

const svgWith = (payload: string) =>
  `<svg><metadata><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:2 --><!-- payload-start -->${payload}<!-- payload-end --></metadata></svg>`;
const pngWith = (text: string) =>
  png([
    { type: 'IHDR', data: Buffer.alloc(13) },
    { type: 'tEXt', data: Buffer.concat([Buffer.from('application/vnd.excalidraw+json\0', 'latin1'), Buffer.from(text, 'latin1')]) },
  ]);

describe('files that unpack to more than a scene can hold', () => {
  it('bounds the unpacked text by the drawing and the images the file can carry', () => {
    expect(sceneCharsLimit(100_000)).toBe(4 * SCENE_MAX_BYTES + 400_000);
    expect(sceneCharsLimit(EXCALIDRAW_FILE_MAX_BYTES)).toBe(EXCALIDRAW_FILE_MAX_BYTES);
  });

  it('refuses a bomb in each kind of file while unpacking it, whatever it holds', () => {
    const big = manyShapes(30_000_000);
    const pngBomb = pngWith(wrapped(big));
    const svgBomb = Buffer.from(svgWith(Buffer.from(wrapped(big), 'latin1').toString('base64')));
    const codes = 7_800; // about 30 million characters
    const noteBomb = Buffer.from(`# Excalidraw Data\n%%\n## Drawing\n\`\`\`compressed-json\n${lzBomb(codes).replace(/(.{64})/g, '$1\n')}\n\`\`\`\n%%`);
    for (const file of [pngBomb, svgBomb, noteBomb]) {
      expect(file.length).toBeLessThan(200_000);
      expect(() => sceneTextOf(file)).toThrow(SceneTooLargeError);
    }
  });

  it('still takes a PNG whose images unpack to more than the allowance for the drawing', () => {
    const dataURL = `data:image/png;base64,${randomBytes(19_000_000).toString('base64')}`;
    const text = JSON.stringify({ ...scene, files: { f: { id: 'f', mimeType: 'image/png', dataURL } } }, null, 2);
    expect(text.length).toBeGreaterThan(4 * SCENE_MAX_BYTES);
    expect(sceneTextOf(pngWith(wrapped(text)))).toBe(text);
  });

  it('builds LZ-String bombs the library reads (a check of the helper above)', () => {
    const out = lzDecompressFromBase64(lzBomb(100), 1e9);
    expect(out).toBe('a'.repeat(1 + (101 * 102) / 2 - 1));
  });
});

describe('markers found without backtracking', () => {
  it('answers at once for an SVG payload or a note block that never ends', () => {
    const svg = `<svg><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-start -->${' '.repeat(2_000_000)}x`;
    expect(sceneTextOf(Buffer.from(svg))).toBeNull();
    expect(sceneTextOf(Buffer.from(`<svg><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-start -->${'A \n'.repeat(500_000)}`))).toBeNull();
    expect(sceneTextOf(Buffer.from(`\`\`\`json\n${'\n'.repeat(2_000_000)}x`))).toBeNull();
    expect(sceneTextOf(Buffer.from(`\`\`\`json\n${'\n \n```json'.repeat(200_000)}`))).toBe('');
    expect(sceneTextOf(Buffer.from(`#${' '.repeat(2_000_000)}x\n\`\`\`json\n{}\n\`\`\``))).toBe('{}');
  });

  it('reads note blocks as the fence pattern did', () => {
    const fence = /```(compressed-json|json)[^\n]*\n([\s\S]*?)\n\s*```/;
    const parts = ['```', 'json', '{"a":1}', '\n', ' ', '\t', 'x', '```json\n'];
    let seed = 7;
    const next = () => (seed = (seed * 48271) % 2147483647) % parts.length;
    for (let n = 0; n < 3_000; n++) {
      const note = Array.from({ length: 2 + (n % 14) }, () => parts[next()]).join('');
      const m = fence.exec(note);
      // The old pattern's answer for plain json blocks; compressed ones are not generated here.
      const expected = m ? m[2].trim() : null;
      expect([note, sceneTextOf(Buffer.from(`x${note}`))]).toEqual([note, expected]);
    }
  });

  it('takes the payload between its markers, with whitespace and line breaks around it', () => {
    const v1 = `<svg><!-- payload-type:application/vnd.excalidraw+json --><!-- payload-version:1 --><!-- payload-start -->\n  ${Buffer.from(json)
      .toString('base64')
      .replace(/(.{76})/g, '$1\n')}\n  <!-- payload-end --></svg>`;
    expect(JSON.parse(sceneTextOf(Buffer.from(v1))!)).toEqual(scene);
    expect(sceneTextOf(Buffer.from(svgWith('not base64!')))).toBeNull();
  });
});
