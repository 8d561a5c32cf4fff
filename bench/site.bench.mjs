// Public site: JavaScript a visitor downloads before interaction on each public route (gzip),
// the service worker's precache for a visitor who never opens the editor, and Lighthouse scores (desktop and mobile profiles, Debian Chromium) for home, pricing, a tool page and a blog article.
import { chromium } from 'playwright-core';
import { jsBytes, lighthouseScores } from './lib/site-audit.mjs';

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
const BUDGET_KB = 150;

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

export async function run(ctx) {
  const rows = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    rows.push(await precacheRow(browser, ctx.baseUrl));
    for (const route of ROUTES) {
      const { bytes } = await jsBytes(browser, ctx.baseUrl + route);
      rows.push({ section: 'site: JS before interaction (gzip)', name: route, value: Math.round(bytes / 102.4) / 10, unit: 'kB', goal: `<= ${BUDGET_KB}` });
    }
  } finally {
    await browser.close();
  }
  for (const route of LIGHTHOUSE) {
    const scores = await lighthouseScores(ctx.baseUrl + route);
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
    const mobile = await lighthouseScores(ctx.baseUrl + route, { form: 'mobile' });
    rows.push({ section: 'site: Lighthouse mobile', name: `${route} performance`, value: Math.round(mobile.performance * 100), unit: 'score', goal: '>= 90' });
    rows.push({
      section: 'site: Lighthouse mobile',
      name: `${route} largest contentful paint`,
      value: Math.round(mobile.lcpMs ?? 0),
      unit: 'ms',
      goal: '<= 2500',
    });
  }
  return rows;
}
