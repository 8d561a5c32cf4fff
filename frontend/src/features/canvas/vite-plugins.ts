import { cpSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

/**
 * The offline web app: a service worker that precaches the app shell, every page chunk (the editor
 * included) and the Latin editor fonts; the large CJK font is cached on first use.
 */
export function offlineApp() {
  return VitePWA({
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
      globPatterns: ['**/*.{js,css,html,png,svg,ico,webmanifest}', 'excalidraw-assets/fonts/{Excalifont,Virgil,Nunito,Cascadia,Assistant,Liberation,Lilita,ComicShanns}/*.woff2'],
      maximumFileSizeToCacheInBytes: 8 * 1024 * 1024,
      navigateFallback: '/index.html',
      // API calls, published pages (rendered by the server) and the API docs never come from the cache.
      navigateFallbackDenylist: [/^\/api\//, /^\/p\/(?!statistic)/],
      runtimeCaching: [
        {
          urlPattern: ({ url }) => url.pathname.startsWith(`${EXCALIDRAW_ASSET_PATH}fonts/`),
          handler: 'CacheFirst',
          options: { cacheName: 'editor-fonts', expiration: { maxEntries: 400 } },
        },
      ],
    },
  });
}
