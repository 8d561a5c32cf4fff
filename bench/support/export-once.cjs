// One export rendered by the built export worker in this process, for bench/export.bench.mjs:
// answers its time, peak resident memory, pages and size.
const { existsSync } = require('node:fs');
const { join } = require('node:path');

process.once('message', async ({ root, sceneText, format }) => {
  try {
    const started = process.hrtime.bigint();
    // the built worker, or its sources when the service has not been built
    const built = join(root, 'services/publish/dist/exports/export.worker.js');
    const render = require(existsSync(built) ? built : join(root, 'services/publish/src/exports/export.worker-ts.cjs')).default;
    const out = await render({ format, sceneText, files: {}, scale: 1, background: true, dark: false, title: 'Bench', fontDirs: ['/usr/share/fonts'] });
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    process.send({ seconds, peakMb: process.resourceUsage().maxRSS / 1024, pages: out.pages, bytes: out.data.byteLength });
  } catch (err) {
    process.send({ error: String(err && err.stack ? err.stack : err) });
  }
});
