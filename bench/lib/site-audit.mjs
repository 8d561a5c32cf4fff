// Lighthouse (desktop or mobile profile) against Debian's Chromium, and the JavaScript a page loads before
// interaction. Used by bench/site.bench.mjs and, as a command, by the site's browser tests:
//   node bench/lib/site-audit.mjs <url>   -> prints {"performance":0.98,"accessibility":1}
//   node bench/lib/site-audit.mjs <url> --accessibility   -> the accessibility audits and layout
//   shift only (no performance score): what the browser tests check, in a shorter run
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const require = createRequire(import.meta.url);
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
const CHROME_FLAGS = '--headless=new --no-sandbox --disable-gpu --no-first-run --disable-background-networking --disable-component-update --disable-sync';

/**
 * One Lighthouse run, `desktop` or `mobile` (Lighthouse's default: a mid-range phone on a slow 4G
 * line, simulated); scores are 0..1 as Lighthouse reports them. With `accessibilityOnly`, only the
 * accessibility category and the layout shift audit are run (`performance` is then undefined).
 */
export function lighthouseScores(url, { timeoutMs = 240_000, form = 'desktop', accessibilityOnly = false } = {}) {
  const cli = join(dirname(require.resolve('lighthouse/package.json')), 'cli/index.js');
  const args = [
    cli,
    url,
    ...(form === 'desktop' ? ['--preset=desktop'] : []),
    ...(accessibilityOnly
      ? ['--only-categories=accessibility', '--only-audits=cumulative-layout-shift,layout-shifts']
      : ['--only-categories=performance,accessibility']),
    '--output=json',
    '--output-path=stdout',
    '--quiet',
    `--chrome-flags=${CHROME_FLAGS}`,
  ];
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env: { ...process.env, CHROME_PATH: CHROMIUM }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('close', (code) => {
      clearTimeout(timer);
      try {
        const report = JSON.parse(out);
        // a run Lighthouse could not measure (its page never painted for it) is a failed run, not a score of 0
        if (!accessibilityOnly && typeof report.categories.performance?.score !== 'number') {
          reject(new Error(`lighthouse could not measure ${url}: ${report.runtimeError?.code ?? 'no performance score'}`));
          return;
        }
        const failed = Object.values(report.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        resolve({
          performance: report.categories.performance?.score,
          accessibility: report.categories.accessibility.score,
          lcpMs: report.audits['largest-contentful-paint']?.numericValue,
          fcpMs: report.audits['first-contentful-paint']?.numericValue,
          siMs: report.audits['speed-index']?.numericValue,
          tbtMs: report.audits['total-blocking-time']?.numericValue,
          cls: report.audits['cumulative-layout-shift']?.numericValue,
          // what moved, and why (Lighthouse's reading of the shifts): for a failing layout-shift check
          shifts: (report.audits['layout-shifts']?.details?.items ?? []).map(
            (i) => `${Math.round(i.score * 1000) / 1000} ${i.node?.snippet?.slice(0, 80) ?? ''} ${(i.subItems?.items ?? []).map((c) => c.cause).join(', ')}`,
          ),
          failed,
          accessibilityFailed: report.categories.accessibility.auditRefs
            .map((ref) => report.audits[ref.id])
            .filter((a) => a && a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
            .map((a) => a.id),
        });
      } catch {
        reject(new Error(`lighthouse exited with ${code}: ${err.slice(-2000)}`));
      }
    });
  });
}

/**
 * `runs` Lighthouse runs of one page one after the other, and the run with the median performance
 * score (its LCP and other figures with it): on a busy machine one run alone moves by several points.
 */
export async function medianLighthouse(url, { runs = 3, ...options } = {}) {
  const results = [];
  let lastError;
  for (let i = 0; i < runs; i++) {
    // A run Lighthouse itself could not record (e.g. NO_NAVSTART, or too slow on a busy machine) is made again once.
    const result = await lighthouseScores(url, options)
      .catch(() => lighthouseScores(url, options))
      .catch((error) => void (lastError = error));
    if (result) results.push(result);
  }
  if (!results.length) throw lastError;
  results.sort((a, b) => a.performance - b.performance);
  const median = results[Math.floor(results.length / 2)];
  return { ...median, lcpMs: middle(results.map((r) => r.lcpMs ?? 0)), all: results };
}

function middle(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/**
 * JavaScript a page loads before interaction: every script requested until the network is idle,
 * with link prefetching off. `transferred` is what came over the wire (the gateway's brotli or
 * gzip, as the browser asked), `bytes` the same scripts gzipped at level 9 (what any compressing
 * server or CDN would send).
 */
export async function jsBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`Object.defineProperty(Navigator.prototype, 'connection', { configurable: true,
    get: () => ({ effectiveType: '4g', saveData: true, addEventListener() {}, removeEventListener() {} }) });`);
  const page = await context.newPage();
  const scripts = new Map();
  const pending = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    pending.push(
      (async () => {
        try {
          const body = await response.body();
          const { responseBodySize } = await response.request().sizes();
          scripts.set(response.url(), { gzip: gzipSync(body, { level: 9 }).length, transferred: responseBodySize || body.length });
        } catch {
          // A navigation can discard a body; it was not needed then.
        }
      })(),
    );
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await Promise.all(pending);
  await context.close();
  const sum = (key) => [...scripts.values()].reduce((a, s) => a + s[key], 0);
  return { bytes: sum('gzip'), transferred: sum('transferred'), files: [...scripts.keys()] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  lighthouseScores(process.argv[2], { accessibilityOnly: process.argv.includes('--accessibility') }).then(
    (scores) => console.log(JSON.stringify(scores)),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
