// Also writes Excalidraw's fonts as TrueType/OpenType files (its package has WOFF2 only, whose
// glyphs pdfkit embeds blank) and the index of which characters each draws (its fonts are split by
// Unicode range; opening all of them to find a character takes many seconds).
// Bundles Excalidraw's own scene exporter (`exportToSvg`, the renderer behind the editor's SVG export
// and published snapshots) into one CommonJS file that the export workers load under jsdom. The
// package is published for bundlers only (extensionless imports, JSON and CSS imports), so Node
// cannot load it as it is. Run by the build; the export worker runs it too when the file is missing.
import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { build } from 'rolldown';
import decompress from 'woff2-encoder/decompress';

const here = dirname(fileURLToPath(import.meta.url));
const out = process.argv[2] ?? join(here, '..', '.renderer', 'excalidraw.cjs');
mkdirSync(dirname(out), { recursive: true });
const entry = join(dirname(out), 'entry.mjs');
writeFileSync(entry, "export { exportToSvg, restoreElements, getCommonBounds } from '@excalidraw/excalidraw';\n");
const tmp = `${out}.${process.pid}.tmp`;
await build({
  input: entry,
  cwd: join(here, '..'),
  platform: 'browser',
  logLevel: 'silent',
  resolve: { conditionNames: ['production', 'import', 'default'] },
  transform: { define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{}' } },
  moduleTypes: { '.css': 'empty' },
  output: { file: tmp, format: 'cjs', codeSplitting: false, minify: false },
});
renameSync(tmp, out);

// .renderer/fonts/<family folder>/<file>.ttf (or .otf), and
// { "<family folder>/<file>": [[first, last], ...] } of the code points each font file has
const fontsDir = join(dirname(createRequire(join(here, '..', 'package.json')).resolve('@excalidraw/excalidraw')), 'fonts');
const fontsOut = join(dirname(out), 'fonts');
const fontsTmp = `${fontsOut}.${process.pid}.tmp`;
const index = {};
for (const family of readdirSync(fontsDir).sort()) {
  mkdirSync(join(fontsTmp, family), { recursive: true });
  for (const source of readdirSync(join(fontsDir, family)).sort()) {
    let data = readFileSync(join(fontsDir, family, source));
    if (data.subarray(0, 4).toString('latin1') === 'wOF2') data = Buffer.from(await decompress(data));
    const file = source.replace(/\.(woff2?|ttf|otf)$/i, '') + (data.subarray(0, 4).toString('latin1') === 'OTTO' ? '.otf' : '.ttf');
    writeFileSync(join(fontsTmp, family, file), data);
    const codes = [...new Set(fontkit.create(data).characterSet)].sort((a, b) => a - b);
    const ranges = [];
    for (const c of codes) {
      const last = ranges[ranges.length - 1];
      if (last && c === last[1] + 1) last[1] = c;
      else ranges.push([c, c]);
    }
    index[`${family}/${file}`] = ranges;
  }
}
rmSync(fontsOut, { recursive: true, force: true });
renameSync(fontsTmp, fontsOut);
writeFileSync(`${tmp}.json`, JSON.stringify(index));
renameSync(`${tmp}.json`, join(dirname(out), 'fonts.json'));
console.log(`renderer bundled: ${out}`);
