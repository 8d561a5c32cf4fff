// Live channel figures: change-to-screen latency between two clients on different gateway copies,
// and 20 clients on one 5,000-element project each sending 5 changes a second.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { call, element } from './canvas.bench.mjs';
import { percentile } from './support/measure.mjs';

const require = createRequire(import.meta.url);
const SECTION = 'canvas';

/** A client of the live channel that records when each element version arrives. */
async function liveClient(WebSocket, base, token, projectId, onUpdate) {
  const ws = new WebSocket(`${base.replace('http', 'ws')}/api/projects/${projectId}/live`, ['visualnotes.live', `bearer.${token}`]);
  await new Promise((resolve, reject) => {
    ws.on('message', (data) => {
      const m = JSON.parse(String(data));
      if (m.type === 'welcome') resolve();
      if (m.type === 'update') onUpdate(m.elements, performance.now());
      if (m.type === 'error') process.stderr.write(`live channel error: ${m.message}\n`);
    });
    ws.on('error', reject);
    ws.on('close', (code) => reject(new Error(`closed ${code}`)));
  });
  return ws;
}

/**
 * Live channel: change-to-screen latency between two clients on different gateway copies, and 20
 * clients on one 5,000-element project each sending 5 changes a second (every change must arrive
 * everywhere and be saved).
 */
export async function run(ctx) {
  const { signUp } = require(join(ctx.root, 'libs/testing/dist/index.js'));
  const user = await signUp(ctx.baseUrl, { scope: ['publisher'] });
  const baseElements = Array.from({ length: 5000 }, (_, i) => element(i));
  const WebSocket = require(join(ctx.root, 'node_modules/ws'));
  const rows = [];
  const second = await ctx.stack.addGateway();
  const sockets = [];
  try {
    // two clients, two copies, one small project
    const small = await call(ctx.baseUrl, user.token, 'POST', '/projects', {
      title: 'Live latency',
      scene: { type: 'excalidraw', version: 2, elements: baseElements.slice(0, 10), appState: {}, files: {} },
    });
    const sentAt = new Map();
    const latencies = [];
    sockets.push(
      await liveClient(WebSocket, second.url, user.token, small.id, (els, at) => {
        for (const e of els) if (sentAt.has(`${e.id}:${e.version}`)) latencies.push(at - sentAt.get(`${e.id}:${e.version}`));
      }),
    );
    const a = await liveClient(WebSocket, ctx.baseUrl, user.token, small.id, () => undefined);
    sockets.push(a);
    let el = { ...baseElements[0] };
    for (let i = 0; i < 300; i++) {
      el = { ...el, x: el.x + 1, version: el.version + 1, versionNonce: i };
      sentAt.set(`${el.id}:${el.version}`, performance.now());
      a.send(JSON.stringify({ type: 'update', elements: [el] }));
      await new Promise((r) => setTimeout(r, 40));
    }
    await new Promise((r) => setTimeout(r, 500));
    latencies.sort((x, y) => x - y);
    rows.push({
      section: SECTION,
      name: `live change-to-screen latency p50, two gateway copies (${latencies.length}/300 arrived)`,
      value: Math.round(percentile(latencies, 50) * 10) / 10,
      unit: 'ms',
    });
    rows.push({
      section: SECTION,
      name: 'live change-to-screen latency p99, two gateway copies',
      value: Math.round(percentile(latencies, 99) * 10) / 10,
      unit: 'ms',
      goal: '< 100',
    });

    // 20 clients (alternating copies) on one 5,000-element project, 5 changes a second each for 10 s
    const big = await call(ctx.baseUrl, user.token, 'POST', '/projects', {
      title: 'Live 5k',
      scene: { type: 'excalidraw', version: 2, elements: baseElements, appState: {}, files: {} },
    });
    const N = 20;
    const sent = new Map();
    const lat = [];
    const received = Array.from({ length: N }, () => new Map());
    const clients = [];
    for (let c = 0; c < N; c++) {
      clients.push(
        await liveClient(WebSocket, c % 2 ? second.url : ctx.baseUrl, user.token, big.id, (els, at) => {
          for (const e of els) {
            received[c].set(e.id, Math.max(received[c].get(e.id) ?? 0, e.version));
            const t = sent.get(`${e.id}:${e.version}`);
            if (t !== undefined) lat.push(at - t);
          }
        }),
      );
    }
    sockets.push(...clients);
    const last = new Map();
    const started = performance.now();
    await Promise.all(
      clients.map(async (ws, c) => {
        for (let k = 0; k < 50; k++) {
          const at = started + k * 200 + c * 10;
          const wait = at - performance.now();
          if (wait > 0) await new Promise((r) => setTimeout(r, wait));
          // each client moves elements of its own part of the board
          const base = baseElements[c * 200 + (k % 200)];
          const version = (last.get(base.id) ?? base.version) + 1;
          last.set(base.id, version);
          const e = { ...base, x: base.x + k, version, versionNonce: k };
          sent.set(`${e.id}:${e.version}`, performance.now());
          ws.send(JSON.stringify({ type: 'update', elements: [e] }));
        }
      }),
    );
    await new Promise((r) => setTimeout(r, 3_000));
    lat.sort((x, y) => x - y);
    let lost = 0;
    for (let c = 0; c < N; c++) {
      for (const [id, version] of last) {
        const own = Number(id.slice(1)) >= c * 200 && Number(id.slice(1)) < (c + 1) * 200;
        if (!own && (received[c].get(id) ?? 0) < version) lost++;
      }
    }
    const saved = await call(ctx.baseUrl, user.token, 'GET', `/projects/${big.id}`);
    const savedVersions = new Map(saved.scene.elements.map((e) => [e.id, e.version]));
    for (const [id, version] of last) if (savedVersions.get(id) !== version) lost++;
    rows.push({
      section: SECTION,
      name: '20 clients × 5 changes/s, 5,000 elements: change-to-screen p50',
      value: Math.round(percentile(lat, 50) * 10) / 10,
      unit: 'ms',
    });
    rows.push({
      section: SECTION,
      name: '20 clients × 5 changes/s, 5,000 elements: change-to-screen p99',
      value: Math.round(percentile(lat, 99) * 10) / 10,
      unit: 'ms',
      goal: '< 250',
    });
    rows.push({ section: SECTION, name: '20 clients × 5 changes/s: changes missing on a screen or on the server', value: lost, unit: '', goal: '0' });
  } finally {
    for (const ws of sockets) ws.terminate();
    await ctx.stack.stopCopy(second.copy);
  }
  return rows;
}
