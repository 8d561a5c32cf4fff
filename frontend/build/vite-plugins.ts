import { cpSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { ASSET_CACHE, EDITOR_FONT_CACHE } from '../src/features/canvas/offline-assets.ts';

/** Where the editor's fonts are served from; the canvas chunk sets `window.EXCALIDRAW_ASSET_PATH` to it. */
export const EXCALIDRAW_ASSET_PATH = '/excalidraw-assets/';

function excalidrawFontsDir() {
  const entry = createRequire(import.meta.url).resolve('@excalidraw/excalidraw'); // dist/prod/index.js
  return join(dirname(entry), 'fonts');
}

/**
 * Excalidraw lists a CDN (esm.sh) after `window.EXCALIDRAW_ASSET_PATH` as the last source of every
 * font, and falls back to it whenever a font cannot be read or subset (the SVG export then embeds
 * the CDN address). Every page must load from our own origin only: the fallback is our own folder.
 */
const CDN_FALLBACK = /`https:\/\/esm\.sh\/\$\{.*?\}\/dist\/prod\/`/g;
const OWN_FALLBACK = `(window.location.origin + ${JSON.stringify(EXCALIDRAW_ASSET_PATH)})`;

/**
 * The pages drawn ahead of time never show the editor: Excalidraw is left out of that build (what
 * is imported from it reads as undefined), which keeps the build a few seconds long.
 */
export function withoutEditor(): Plugin {
  const stub = '\0excalidraw-left-out';
  return {
    name: 'visualnotes:without-editor',
    enforce: 'pre',
    resolveId: (id) => (id === '@excalidraw/excalidraw' || id.startsWith('@excalidraw/excalidraw/') ? stub : null),
    load: (id) => (id === stub ? 'export default {};' : null),
    // what is imported from the left-out module reads as undefined, without a warning for each name
    options: (options) => ({
      ...options,
      shimMissingExports: true,
      onLog: (level, log, handler) => (log.code === 'SHIMMED_EXPORT' ? undefined : options.onLog ? options.onLog(level, log, handler) : handler(level, log)),
    }),
  };
}

/**
 * Self-hosts Excalidraw's fonts (the editor must work with no internet): copied into the build
 * under /excalidraw-assets/fonts and served from node_modules by the dev server; the CDN fallback
 * in Excalidraw's code is replaced by the same folder.
 */
export function excalidrawAssets(): Plugin {
  let outDir = 'dist';
  return {
    name: 'visualnotes:excalidraw-assets',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    transform(code, id) {
      if (!id.includes('@excalidraw/excalidraw') || !code.includes('esm.sh')) return null;
      const own = code.replace(CDN_FALLBACK, OWN_FALLBACK);
      // a new Excalidraw release that names the CDN differently must not slip through
      if (own.includes('https://esm.sh')) this.error(`Excalidraw refers to esm.sh in a way this build does not replace (${id})`);
      return { code: own, map: null };
    },
    configureServer(server) {
      const fonts = excalidrawFontsDir();
      server.middlewares.use(`${EXCALIDRAW_ASSET_PATH}fonts`, (req, res, next) => {
        const file = join(fonts, decodeURIComponent((req.url ?? '').split('?')[0]));
        if (!file.startsWith(fonts) || !existsSync(file)) return next();
        res.setHeader('content-type', 'font/woff2');
        res.end(readFileSync(file));
      });
    },
    writeBundle() {
      cpSync(excalidrawFontsDir(), join(outDir, EXCALIDRAW_ASSET_PATH, 'fonts'), { recursive: true });
    },
  };
}

/** The files index.html loads before anything else: its script, module preloads, style sheets and preloaded fonts. */
export function shellFiles(indexHtml: string): Set<string> {
  const files = new Set(['index.html', 'manifest.webmanifest']);
  for (const m of indexHtml.matchAll(/<(?:script|link)\b[^>]*?(?:src|href)="\/([^"]+)"/g)) files.add(m[1]);
  return files;
}

/**
 * The offline web app: a service worker that precaches the app shell only (index.html and what it
 * loads first, the icons), so a visitor who never opens the editor downloads little. Every other
 * chunk (pages, the editor, its fonts) is cached when it is first loaded; the editor page also puts
 * the chunks it loaded before the worker took control into the same cache, so a project opened
 * once opens again offline.
 */
export function offlineApp() {
  let outDir = 'dist';
  const pwa = VitePWA({
    registerType: 'autoUpdate',
    injectRegister: false, // registered by main.tsx once the page is loaded and idle
    includeAssets: ['icons/*.png'],
    manifest: {
      name: 'VisualNotes',
      short_name: 'VisualNotes',
      description: 'Visual notes and whiteboards: think, create and publish on a canvas.',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      background_color: '#ffffff',
      theme_color: '#2563eb',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,woff2,webmanifest}'],
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles(readFileSync(join(outDir, 'index.html'), 'utf8'));
          return { manifest: entries.filter((e) => shell.has(e.url) || e.url.startsWith('icons/')), warnings: [] };
        },
      ],
      // the page the worker was installed from is controlled at once (an editor opened on the first visit works offline)
      clientsClaim: true,
      skipWaiting: true,
      navigateFallback: '/index.html',
      // API calls, the operator dashboard, published pages (rendered by the server) and the API docs never come from the cache.
      navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/admin(\/|$)/, /^\/p\/(?!statistic)/, /^\/metrics$/],
      runtimeCaching: [
        {
          // hashed file names: a cached copy never goes stale
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: { cacheName: ASSET_CACHE, expiration: { maxEntries: 400 } },
        },
        {
          urlPattern: ({ url }) => url.pathname.startsWith(`${EXCALIDRAW_ASSET_PATH}fonts/`),
          handler: 'CacheFirst',
          options: { cacheName: EDITOR_FONT_CACHE, expiration: { maxEntries: 400 } },
        },
      ],
    },
  });
  const capture: Plugin = {
    name: 'visualnotes:offline-app-out-dir',
    configResolved(config) {
      outDir = config.build.outDir;
    },
  };
  return [capture, ...pwa];
}

/** Files worth compressing ahead of time: text. Fonts and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|webmanifest|html)$/;

/**
 * Writes a `.br` (brotli at its best quality) and a `.gz` (gzip level 9) copy next to every text
 * file of the build: the gateway sends them as they are to browsers that accept them, instead of
 * compressing each response again at the quick setting it can afford per request. Scripts sent
 * this way are about a sixth smaller.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'visualnotes:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        for (const entry of readdirSync(outDir, { recursive: true, withFileTypes: true })) {
          if (!entry.isFile() || !COMPRESSIBLE.test(entry.name)) continue;
          const file = join(entry.parentPath, entry.name);
          const body = readFileSync(file);
          if (body.length < 1024) continue;
          const size = body.length;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(body, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: size } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        }
      },
    },
  };
}
