// Draws the public pages ahead of time (src/prerender.tsx) into dist/prerender/pages.json, after
// the browser build: the gateway sends a page's HTML inside #root, so it is painted before any
// script runs. Each page is drawn for every combination of what an installation may offer; pages
// that look the same keep one copy. A page that cannot be drawn is left to the browser (and named).
// The drawing code itself stays beside them as one file (dist/prerender/render.cjs, the app for
// Node without the editor): the gateway draws with it the pages that show data (an article, the
// plans) when they are asked for.
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const root = dirname(dirname(fileURLToPath(import.meta.url)));
const out = join(root, 'dist/prerender');

await build({
  configFile: join(root, 'vite.config.ts'),
  mode: 'production',
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: out,
    emptyOutDir: true,
    manifest: false,
    copyPublicDir: false,
    // one CommonJS file: the gateway's threads load it with require()
    rollupOptions: { output: { format: 'cjs', entryFileNames: 'render.cjs', codeSplitting: false } },
  },
});
const { renderPage, PRERENDERED_PATHS, CAPABILITY_COMBINATIONS, capabilityKey } = createRequire(import.meta.url)(join(out, 'render.cjs'));

const html = [];
const pages = {};
for (const path of PRERENDERED_PATHS) {
  try {
    const variants = {};
    for (const key of CAPABILITY_COMBINATIONS) {
      const drawn = await renderPage(path, key);
      if (drawn === null) throw new Error('no such page');
      if (!html.includes(drawn)) html.push(drawn);
      variants[capabilityKey(key)] = html.indexOf(drawn);
    }
    pages[path] = variants;
  } catch (err) {
    console.warn(`${path} is drawn in the browser only: ${err?.message ?? err}`);
  }
}
writeFileSync(join(out, 'pages.json'), JSON.stringify({ pages, html }));
console.log(`${Object.keys(pages).length} of ${PRERENDERED_PATHS.length} pages drawn ahead of time`);
// the drawn pages' stores keep timers for their cached answers: nothing more is needed of them
process.exit(0);
