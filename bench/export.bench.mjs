// Export figures: server exports of a 10-frame board and of a 10,000-element board to PDF and
// PowerPoint. Each export is rendered by the built export worker in a fresh process, so its time
// (from a cold start: Excalidraw's exporter and the fonts loaded) and its peak memory (resident
// set) are the export's own; then one export through the API (POST, progress, download).
import { fork } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
const SECTION = 'export';

function base(i, extra = {}) {
  return {
    id: `e${i}`,
    type: 'rectangle',
    x: 0,
    y: 0,
    width: 60,
    height: 40,
    angle: 0,
    strokeColor: '#1e1e1e',
    backgroundColor: i % 2 ? '#a5d8ff' : 'transparent',
    fillStyle: i % 5 ? 'solid' : 'hachure',
    strokeWidth: 1,
    strokeStyle: 'solid',
    roughness: 1,
    opacity: 100,
    groupIds: [],
    frameId: null,
    roundness: null,
    seed: i + 1,
    version: 1,
    versionNonce: i + 7,
    isDeleted: false,
    boundElements: null,
    updated: 1,
    link: null,
    locked: false,
    ...extra,
  };
}
const text = (i, t, extra) =>
  base(i, {
    type: 'text',
    width: 12 * t.length,
    height: 25,
    text: t,
    originalText: t,
    fontSize: 20,
    fontFamily: 5,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: null,
    autoResize: true,
    lineHeight: 1.25,
    ...extra,
  });

/** 10 frames of 1280 × 720 in two rows, each with a title, 40 shapes and a few lines of text. */
export function tenFrames() {
  const elements = [];
  let n = 0;
  for (let f = 0; f < 10; f++) {
    const [fx, fy] = [(f % 5) * 1400, Math.floor(f / 5) * 900];
    const id = `frame-${f}`;
    elements.push(base(n++, { id, type: 'frame', name: `Slide ${f + 1}`, x: fx, y: fy, width: 1280, height: 720, backgroundColor: 'transparent' }));
    elements.push(text(n++, `Slide ${f + 1}: quarterly review 季度回顾`, { x: fx + 40, y: fy + 30, frameId: id }));
    for (let i = 0; i < 40; i++)
      elements.push(base(n++, { type: i % 3 ? 'rectangle' : 'ellipse', x: fx + 40 + (i % 10) * 120, y: fy + 120 + Math.floor(i / 10) * 120, frameId: id }));
    for (let l = 0; l < 5; l++) elements.push(text(n++, `Point ${l + 1} of slide ${f + 1}`, { x: fx + 40, y: fy + 620 - l * 0, frameId: id }));
  }
  return { elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
}

/** 10,000 elements on one board (100 × 100 grid, every tenth a text), no frames. */
export function tenThousand() {
  const elements = [];
  for (let i = 0; i < 10_000; i++) {
    const [x, y] = [(i % 100) * 80, Math.floor(i / 100) * 60];
    elements.push(i % 10 === 0 ? text(i, `n${i}`, { x, y }) : base(i, { type: i % 3 ? 'rectangle' : 'ellipse', x, y }));
  }
  return { elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
}

/** Renders one export in a fresh process: [seconds, peak resident MB, pages, bytes]. */
function renderOnce(root, scene, format) {
  return new Promise((resolve, reject) => {
    const child = fork(join(root, 'bench/support/export-once.cjs'), [], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
    child.once('message', (m) => {
      child.kill();
      if (m.error) reject(new Error(m.error));
      else resolve(m);
    });
    child.once('exit', (code) => code && reject(new Error(`export process exited with ${code}`)));
    child.send({ root, sceneText: JSON.stringify(scene), format });
  });
}

export async function run(ctx) {
  const rows = [];
  for (const [label, scene] of [
    ['10 frames', tenFrames()],
    ['10,000 elements', tenThousand()],
  ]) {
    for (const format of ['pdf', 'pptx']) {
      const r = await renderOnce(ctx.root, scene, format);
      rows.push({ section: SECTION, name: `${label} ${format.toUpperCase()}: time (cold)`, value: r.seconds, unit: 's', goal: '< 60' });
      rows.push({ section: SECTION, name: `${label} ${format.toUpperCase()}: peak memory`, value: r.peakMb, unit: 'MB', goal: '< 2048' });
      rows.push({ section: SECTION, name: `${label} ${format.toUpperCase()}: pages`, value: r.pages, unit: '' });
      rows.push({ section: SECTION, name: `${label} ${format.toUpperCase()}: file`, value: r.bytes / 1e6, unit: 'MB' });
    }
  }
  if (ctx.baseUrl) {
    const { signUp } = require(join(ctx.root, 'libs/testing/dist/index.js'));
    const user = await signUp(ctx.baseUrl);
    const call = async (method, path, body) => {
      const res = await fetch(`${ctx.baseUrl}/api${path}`, {
        method,
        headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
        body: body && JSON.stringify(body),
      });
      if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}`);
      return res.json();
    };
    const project = await call('POST', '/projects', { title: 'Bench export', scene: tenFrames() });
    const started = Date.now();
    const { export_id } = await call('POST', `/projects/${project.id}/export`, { format: 'pdf' });
    for (;;) {
      const s = await call('GET', `/exports/${export_id}`);
      if (s.status === 'failed') throw new Error(s.error);
      if (s.status === 'completed') break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const file = await fetch(`${ctx.baseUrl}/api/exports/${export_id}/file`, { headers: { authorization: `Bearer ${user.token}` } });
    await file.arrayBuffer();
    rows.push({ section: SECTION, name: '10 frames PDF through the API (ask to downloaded)', value: (Date.now() - started) / 1000, unit: 's', goal: '< 60' });
  }
  return rows;
}
