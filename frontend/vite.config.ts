import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react-swc';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { excalidrawAssets, offlineApp, precompress, withoutEditor } from './build/vite-plugins.ts';
import { expandCustomMedia } from './src/styles/breakpoints.ts';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** Lets CSS use the breakpoints of src/styles/breakpoints.ts as `@media (--up-md)`. */
function breakpointMedia(): Plugin {
  return {
    name: 'visualnotes:breakpoint-media',
    enforce: 'pre',
    transform(code, id) {
      if (!/\.css($|\?)/.test(id) || !code.includes('(--')) return null;
      return { code: expandCustomMedia(code), map: null };
    },
  };
}

/**
 * Preloads the Poppins files the first paint uses (body text 400, headings 700), so the browser
 * fetches them with the HTML instead of after the style sheet has been parsed.
 */
function preloadFonts(weights = [400, 700]): Plugin {
  return {
    name: 'visualnotes:preload-fonts',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const files = Object.keys(ctx.bundle ?? {});
        return weights.flatMap((weight) => {
          const file = files.find((name) => new RegExp(`poppins-latin-${weight}-normal-[\\w-]+\\.woff2$`).test(name));
          if (!file) return [];
          return [{ tag: 'link', attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${file}`, crossorigin: '' }, injectTo: 'head' as const }];
        });
      },
    },
  };
}

/**
 * react-router's package exports only point at its development build (warnings, checks);
 * production bundles use the production build it ships next to it.
 */
function reactRouterProduction(): Alias[] {
  const root = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  return [
    { find: /^react-router$/, replacement: join(root, 'dist/production/index.mjs') },
    { find: /^react-router\/dom$/, replacement: join(root, 'dist/production/dom-export.mjs') },
  ];
}

export default defineConfig(({ command, isSsrBuild }) => ({
  root: here('.'),
  base: '/',
  // The server-side build only draws the public pages ahead of time (build/prerender.mjs): no
  // editor, offline app, fonts or compressed copies.
  plugins: isSsrBuild
    ? [breakpointMedia(), react(), withoutEditor()]
    : [breakpointMedia(), react(), excalidrawAssets(), offlineApp(), preloadFonts(), precompress()],
  // everything in one bundle, resolved as the browser build resolves it (one copy of React)
  ssr: isSsrBuild ? { noExternal: true, target: 'node' } : undefined,
  // Excalidraw reads this at run time.
  define: { 'process.env.IS_PREACT': JSON.stringify('false') },
  resolve: {
    // Packages hoisted to the repository root (react-i18next, react-redux…) must use the front
    // end's React, not the older copy another dependency brought to the root.
    dedupe: ['react', 'react-dom'],
    alias: [
      { find: /^@visualnotes\/contracts$/, replacement: here('../libs/contracts/src/index.ts') },
      { find: /^@visualnotes\/contracts\/(.+)$/, replacement: `${here('../libs/contracts/src')}/$1` },
      ...(command === 'build' ? reactRouterProduction() : []),
    ],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    target: 'es2022',
    // names each page's chunks and style sheets: the gateway links them from the page's HTML
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  preview: {
    proxy: { '/api': 'http://localhost:3000' },
  },
}));
