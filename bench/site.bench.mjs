// Public site: JavaScript a visitor downloads before interaction on each public route (gzip),
// and Lighthouse scores (desktop profile, Debian Chromium) for home, pricing and a blog article.
import { chromium } from 'playwright-core';
import { jsBytes, lighthouseScores } from './lib/site-audit.mjs';

const ARTICLE = '/blog/how-to-summarize-a-youtube-video';
const ROUTES = ['/', '/pricing', '/download', '/blog', ARTICLE, '/de', '/ja/pdf-summarizer', '/privacy', '/miro-alternative', '/templates', '/tools/youtube-summarizer', '/account/login'];
const LIGHTHOUSE = ['/', '/pricing', ARTICLE];
const BUDGET_KB = 150;

export async function run(ctx) {
  const rows = [];
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
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
    rows.push({ section: 'site: Lighthouse desktop', name: `${route} accessibility`, value: Math.round(scores.accessibility * 100), unit: 'score', goal: '>= 95' });
    rows.push({ section: 'site: Lighthouse desktop', name: `${route} total blocking time`, value: Math.round(scores.tbtMs ?? 0), unit: 'ms', goal: '<= 150' });
    rows.push({ section: 'site: Lighthouse desktop', name: `${route} largest contentful paint`, value: Math.round(scores.lcpMs ?? 0), unit: 'ms', goal: '<= 1200' });
    rows.push({ section: 'site: Lighthouse desktop', name: `${route} cumulative layout shift`, value: Number((scores.cls ?? 0).toFixed(3)), unit: '', goal: '<= 0.1' });
  }
  return rows;
}
