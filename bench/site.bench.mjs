// Public site: JavaScript a visitor downloads before interaction on each public route (as
// transferred, and gzip level 9), the service worker's precache for a visitor who never opens the
// editor, and Lighthouse scores (desktop and mobile profiles, Debian Chromium) for home, pricing, a
// tool page, a blog article and a published board. Mobile figures are the median of
// LIGHTHOUSE_RUNS runs (3 by default): one run alone moves by several points on a busy machine.
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { element } from './canvas.bench.mjs';
import { jsBytes, lighthouseScores, medianLighthouse } from './lib/site-audit.mjs';

const require = createRequire(import.meta.url);

const ARTICLE = '/blog/how-to-summarize-a-youtube-video';
const ROUTES = [
  '/',
  '/pricing',
  '/download',
  '/blog',
  ARTICLE,
  '/de',
  '/ja/pdf-summarizer',
  '/privacy',
  '/miro-alternative',
  '/templates',
  '/tools/youtube-summarizer',
  '/account/login',
];
const LIGHTHOUSE = ['/', '/pricing', '/tools/youtube-summarizer', ARTICLE];
const BUDGET_KB = 120;
/** `LIGHTHOUSE_DESKTOP=0` measures the mobile profile only. */
const DESKTOP = process.env.LIGHTHOUSE_DESKTOP !== '0';
const PUBLISHED = '/p/{id}';

/** A published board of 60 shapes with its snapshot, as a publisher's browser sends it. */
export async function publishedBoard({ baseUrl, root }) {
  const { signUp } = require(join(root, 'libs/testing/dist/index.js'));
  const user = await signUp(baseUrl, { scope: ['publisher'] });
  const api = async (method, path, body) => {
    const res = await fetch(`${baseUrl}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${(await res.text()).slice(0, 200)}`);
    return res.json();
  };
  const elements = Array.from({ length: 60 }, (_, i) => ({ ...element(i), x: (i % 10) * 80, y: Math.floor(i / 10) * 60 }));
  const scene = { type: 'excalidraw', version: 2, elements, appState: { viewBackgroundColor: '#ffffff' }, files: {} };
  const project = await api('POST', '/projects', { title: 'Product launch plan', scene });
  const shapes = elements
    .map((e) =>
      e.type === 'ellipse'
        ? `<ellipse cx="${e.x + 30}" cy="${e.y + 20}" rx="30" ry="20" stroke="#1e1e1e" fill="${e.backgroundColor}"/>`
        : `<rect x="${e.x}" y="${e.y}" width="60" height="40" rx="8" stroke="#1e1e1e" fill="${e.backgroundColor}"/>`,
    )
    .join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-10 -10 810 370" width="810" height="370"><rect x="-10" y="-10" width="810" height="370" fill="#ffffff"/>${shapes}</svg>`;
  const { public_id: publicId } = await api('POST', `/projects/${project.id}/publish`, { svg });
  return `/p/${publicId}`;
}

/** What the service worker precaches for a visitor who opens the home page and never the editor. */
async function precacheRow(browser, baseUrl) {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(baseUrl + '/');
    const bytes = await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      const name = (await caches.keys()).find((k) => k.includes('precache'));
      if (!name) return -1;
      const cache = await caches.open(name);
      let total = 0;
      for (const req of await cache.keys()) total += (await (await cache.match(req)).blob()).size;
      return total;
    });
    return {
      section: 'site: offline app',
      name: 'service-worker precache, visitor without the editor',
      value: Math.round(bytes / 1024 / 10.24) / 100,
      unit: 'MB',
      goal: '<= 1.5',
    };
  } finally {
    await context.close();
  }
}

async function desktopRows(url, route) {
  const rows = [];
  const scores = await lighthouseScores(url).catch(() => lighthouseScores(url));
  rows.push({ section: 'site: Lighthouse desktop', name: `${route} performance`, value: Math.round(scores.performance * 100), unit: 'score', goal: '>= 95' });
  rows.push({
    section: 'site: Lighthouse desktop',
    name: `${route} accessibility`,
    value: Math.round(scores.accessibility * 100),
    unit: 'score',
    goal: '>= 95',
  });
  rows.push({ section: 'site: Lighthouse desktop', name: `${route} total blocking time`, value: Math.round(scores.tbtMs ?? 0), unit: 'ms', goal: '<= 150' });
  rows.push({
    section: 'site: Lighthouse desktop',
    name: `${route} largest contentful paint`,
    value: Math.round(scores.lcpMs ?? 0),
    unit: 'ms',
    goal: '<= 1200',
  });
  rows.push({
    section: 'site: Lighthouse desktop',
    name: `${route} cumulative layout shift`,
    value: Number((scores.cls ?? 0).toFixed(3)),
    unit: '',
    goal: '<= 0.1',
  });
  return rows;
}

export async function run(ctx) {
  const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
  const rows = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const board = await publishedBoard(ctx);
  const label = (route) => (route === board ? PUBLISHED : route);
  try {
    rows.push(await precacheRow(browser, ctx.baseUrl));
    for (const route of [...ROUTES, board]) {
      const { bytes, transferred } = await jsBytes(browser, ctx.baseUrl + route);
      rows.push({
        section: 'site: JS before interaction (as transferred)',
        name: label(route),
        value: Math.round(transferred / 102.4) / 10,
        unit: 'kB',
        goal: `<= ${BUDGET_KB}`,
      });
      rows.push({
        section: 'site: JS before interaction (gzip -9)',
        name: label(route),
        value: Math.round(bytes / 102.4) / 10,
        unit: 'kB',
        goal: `<= ${BUDGET_KB}`,
      });
    }
  } finally {
    await browser.close();
  }
  for (const path of [...LIGHTHOUSE, board]) {
    const route = label(path);
    if (DESKTOP) rows.push(...(await desktopRows(ctx.baseUrl + path, route)));
    const mobile = await medianLighthouse(ctx.baseUrl + path, { form: 'mobile', runs: RUNS });
    const section = `site: Lighthouse mobile (median of ${RUNS})`;
    rows.push({
      section,
      name: `${route} performance`,
      value: Math.round(mobile.performance * 100),
      unit: `score (${mobile.all.length} runs: ${mobile.all.map((r) => Math.round(r.performance * 100)).join(', ')})`,
      goal: '>= 90',
    });
    rows.push({
      section,
      name: `${route} largest contentful paint`,
      value: Math.round(mobile.lcpMs ?? 0),
      unit: `ms (${mobile.all.length} runs: ${mobile.all.map((r) => Math.round(r.lcpMs ?? 0)).join(', ')})`,
      goal: '<= 2500',
    });
    rows.push({ section, name: `${route} first contentful paint`, value: Math.round(mobile.fcpMs ?? 0), unit: 'ms', goal: '<= 1800' });
    rows.push({ section, name: `${route} total blocking time`, value: Math.round(mobile.tbtMs ?? 0), unit: 'ms', goal: '<= 200' });
  }
  return rows;
}
