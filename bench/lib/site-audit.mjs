// Lighthouse (desktop profile) against Debian's Chromium, and the JavaScript a page loads before
// interaction. Used by bench/site.bench.mjs and, as a command, by the site's browser tests:
//   node bench/lib/site-audit.mjs <url>   -> prints {"performance":0.98,"accessibility":1}
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
 * line, simulated); scores are 0..1 as Lighthouse reports them.
 */
export function lighthouseScores(url, { timeoutMs = 120_000, form = 'desktop' } = {}) {
  const cli = join(dirname(require.resolve('lighthouse/package.json')), 'cli/index.js');
  const args = [
    cli,
    url,
    ...(form === 'desktop' ? ['--preset=desktop'] : []),
    '--only-categories=performance,accessibility',
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
        const failed = Object.values(report.audits)
          .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
          .map((a) => a.id);
        resolve({
          performance: report.categories.performance.score,
          accessibility: report.categories.accessibility.score,
          lcpMs: report.audits['largest-contentful-paint']?.numericValue,
          tbtMs: report.audits['total-blocking-time']?.numericValue,
          cls: report.audits['cumulative-layout-shift']?.numericValue,
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
 * JavaScript bytes (gzip, as a compressing server or CDN would send them) a page loads before
 * interaction: every script requested until the network is idle, with link prefetching off.
 */
export async function jsBytes(browser, url) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(`Object.defineProperty(Navigator.prototype, 'connection', { configurable: true,
    get: () => ({ effectiveType: '4g', saveData: true, addEventListener() {}, removeEventListener() {} }) });`);
  const page = await context.newPage();
  const scripts = new Map();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // A navigation can discard a body; it was not needed then.
    }
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await context.close();
  return { bytes: [...scripts.values()].reduce((a, b) => a + b, 0), files: [...scripts.keys()] };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  lighthouseScores(process.argv[2]).then(
    (scores) => console.log(JSON.stringify(scores)),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
