// Also writes the index of which characters each of Excalidraw's font files draws (its fonts are
// split by Unicode range; opening all of them to find a character takes many seconds).
// Bundles Excalidraw's own scene exporter (`exportToSvg`, the renderer behind the editor's SVG export
// and published snapshots) into one CommonJS file that the export workers load under jsdom. The
// package is published for bundlers only (extensionless imports, JSON and CSS imports), so Node
// cannot load it as it is. Run by the build; the export worker runs it too when the file is missing.
import { mkdirSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as fontkit from 'fontkit';
import { build } from 'rolldown';

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

// { "<family folder>/<file>": [[first, last], ...] } of the code points each font file has
const fontsDir = join(dirname(createRequire(join(here, '..', 'package.json')).resolve('@excalidraw/excalidraw')), 'fonts');
const index = {};
for (const family of readdirSync(fontsDir).sort()) {
  for (const file of readdirSync(join(fontsDir, family)).sort()) {
    const codes = [...new Set(fontkit.openSync(join(fontsDir, family, file)).characterSet)].sort((a, b) => a - b);
    const ranges = [];
    for (const c of codes) {
      const last = ranges[ranges.length - 1];
      if (last && c === last[1] + 1) last[1] = c;
      else ranges.push([c, c]);
    }
    index[`${family}/${file}`] = ranges;
  }
}
writeFileSync(`${tmp}.json`, JSON.stringify(index));
renameSync(`${tmp}.json`, join(dirname(out), 'fonts.json'));
console.log(`renderer bundled: ${out}`);
