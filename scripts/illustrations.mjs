#!/usr/bin/env node
// Makes the home page's use-case illustrations with the product itself: each scene below is drawn
// in the editor of a running VisualNotes (`npm start`) and exported with its "Export SVG" action,
// the same file a user gets. Run: `node scripts/illustrations.mjs [http://localhost:3000]`; the
// SVGs land in frontend/public/illustrations/. Needs Chromium (/usr/bin/chromium) and TEST_ROUTES=1
// on the running product (to sign up a throw-away account).
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const base = process.argv[2] ?? 'http://localhost:3000';
const { chromium } = require('playwright-core');
const { signUp } = require(join(root, 'libs/testing/dist/index.js'));

let seq = 0;
const common = (type, x, y, width, height, extra = {}) => ({
  id: `${type}-${++seq}`,
  type,
  x,
  y,
  width,
  height,
  angle: 0,
  strokeColor: '#1e1e1e',
  backgroundColor: 'transparent',
  fillStyle: 'solid',
  strokeWidth: 2,
  strokeStyle: 'solid',
  roughness: 1,
  opacity: 100,
  roundness: { type: 3 },
  seed: 1000 + seq,
  version: 2,
  versionNonce: 10 + seq,
  isDeleted: false,
  groupIds: [],
  frameId: null,
  boundElements: null,
  link: null,
  locked: false,
  ...extra,
});
const rect = (x, y, w, h, bg = 'transparent', extra = {}) => common('rectangle', x, y, w, h, { backgroundColor: bg, ...extra });
const ellipse = (x, y, w, h, bg = 'transparent') => common('ellipse', x, y, w, h, { backgroundColor: bg, roundness: { type: 2 } });
const diamond = (x, y, w, h, bg = 'transparent') => common('diamond', x, y, w, h, { backgroundColor: bg, roundness: { type: 2 } });
const arrow = (x, y, dx, dy) =>
  common('arrow', x, y, Math.abs(dx), Math.abs(dy), {
    points: [
      [0, 0],
      [dx, dy],
    ],
    roundness: { type: 2 },
    startArrowhead: null,
    endArrowhead: 'arrow',
    startBinding: null,
    endBinding: null,
  });
const text = (x, y, value, size = 20, color = '#1e1e1e') => {
  const lines = value.split('\n');
  return common('text', x, y, Math.max(...lines.map((l) => l.length)) * size * 0.55, lines.length * size * 1.25, {
    text: value,
    originalText: value,
    fontSize: size,
    fontFamily: 2,
    textAlign: 'left',
    verticalAlign: 'top',
    containerId: null,
    lineHeight: 1.25,
    autoResize: true,
    strokeColor: color,
    roundness: null,
  });
};

const SCENES = {
  notes: [
    rect(0, 0, 220, 160, '#ffec99'),
    text(20, 20, 'Ideas for the talk', 22),
    text(20, 62, '• start with a story\n• one chart, not five\n• end with a question', 17),
    rect(270, 10, 200, 130, '#a5d8ff'),
    text(290, 30, 'Photo of the site', 18),
    ellipse(300, 70, 60, 50, '#ffffff'),
    rect(270, 190, 200, 70, '#d3f9d8'),
    text(290, 212, 'Link: the 2024 report', 17),
    arrow(225, 80, 40, 0),
    arrow(370, 145, 0, 40),
  ],
  whiteboards: [
    ellipse(0, 40, 130, 70, '#d3f9d8'),
    text(38, 62, 'Start', 20),
    arrow(135, 75, 55, 0),
    rect(195, 40, 140, 70, '#a5d8ff'),
    text(225, 62, 'Draft', 20),
    arrow(340, 75, 55, 0),
    diamond(400, 15, 150, 120, '#ffec99'),
    text(433, 62, 'Review?', 20),
    arrow(475, 140, 0, 60),
    rect(405, 205, 140, 70, '#ffc9c9'),
    text(433, 227, 'Publish', 20),
  ],
  'video-summaries': [
    rect(0, 0, 260, 160, '#343a40'),
    common('line', 110, 55, 40, 50, {
      points: [
        [0, 0],
        [0, 50],
        [40, 25],
        [0, 0],
      ],
      backgroundColor: '#ffffff',
      strokeColor: '#ffffff',
      roundness: null,
    }),
    text(0, 175, 'A 12-minute talk', 17, '#495057'),
    rect(290, 0, 280, 210, '#fff9db'),
    text(310, 18, 'Summary', 22),
    text(310, 60, '0:00  How a solar cell works', 17, '#1971c2'),
    text(310, 100, '4:10  From panel to socket', 17, '#1971c2'),
    text(310, 140, '8:35  Storing the day', 17, '#1971c2'),
    arrow(265, 80, 20, 0),
  ],
  templates: [
    rect(0, 0, 170, 120, '#e5dbff'),
    ellipse(55, 35, 60, 40, '#ffffff'),
    text(30, 88, 'Mind map', 18),
    rect(200, 0, 170, 120, '#ffd8a8'),
    rect(215, 15, 60, 45, '#ffffff'),
    rect(290, 15, 65, 60, '#ffffff'),
    text(230, 88, 'Moodboard', 18),
    rect(400, 0, 170, 120, '#c3fae8'),
    text(420, 20, '1. Goal\n2. Steps\n3. Check', 16),
    text(420, 88, 'Lesson plan', 18),
  ],
  publishing: [
    rect(0, 0, 400, 240, '#ffffff'),
    rect(0, 0, 400, 36, '#e9ecef'),
    text(16, 8, 'visualnotes.example/p/quarterly-plan', 15, '#495057'),
    rect(30, 150, 40, 60, '#a5d8ff'),
    rect(90, 120, 40, 90, '#a5d8ff'),
    rect(150, 90, 40, 120, '#a5d8ff'),
    rect(210, 60, 40, 150, '#4dabf7'),
    text(270, 80, '1,284 views', 20),
    text(270, 115, '412 visitors', 17, '#495057'),
  ],
};

const user = await signUp(base, { scope: ['publisher'] });
const call = async (method, path, body) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body ?? {}),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return res.json();
};
const out = join(root, 'frontend/public/illustrations');
mkdirSync(out, { recursive: true });
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, acceptDownloads: true });
  await context.addInitScript(
    ([t, r]) => {
      localStorage.setItem('auth._token.local', t);
      localStorage.setItem('auth._refresh_token.local', r);
    },
    [user.token, user.refresh_token],
  );
  for (const [name, elements] of Object.entries(SCENES)) {
    const project = await call('POST', '/projects', { title: name });
    await call('PUT', `/projects/${project.id}`, {
      version: project.version,
      scene: { type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} },
    });
    const page = await context.newPage();
    await page.goto(`${base}/projects/${project.id}`);
    await page.locator('.excalidraw canvas').first().waitFor({ timeout: 60_000 });
    await page.getByTestId('more-menu').click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('menuitem', { name: 'Export SVG' }).click()]);
    const svg = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    writeFileSync(join(out, `${name}.svg`), svg);
    console.log(`${name}.svg: ${Math.round(svg.length / 1024)} kB`);
    await page.close();
  }
} finally {
  await browser.close();
}
