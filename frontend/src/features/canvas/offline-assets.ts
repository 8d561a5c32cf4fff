/** Runtime caches of the service worker (see frontend/build/vite-plugins.ts), filled by the page too. */
export const ASSET_CACHE = 'app-assets';
export const EDITOR_FONT_CACHE = 'editor-fonts';

/**
 * The service worker precaches only the app shell, and on the first visit it takes control after
 * the editor's chunks were loaded. The editor therefore puts every script, style sheet and font
 * this page has loaded from /assets/ and the editor's fonts into the worker's caches itself, so
 * the project opens again without a network.
 */
export async function keepLoadedAssetsOffline(): Promise<number> {
  if (typeof caches === 'undefined' || typeof performance === 'undefined') return 0;
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) {
    const url = new URL(entry.name);
    if (url.origin === location.origin && (url.pathname.startsWith('/assets/') || url.pathname.startsWith('/excalidraw-assets/fonts/'))) urls.add(url.href);
  }
  const [assets, fonts] = await Promise.all([caches.open(ASSET_CACHE), caches.open(EDITOR_FONT_CACHE)]);
  let added = 0;
  await Promise.all(
    [...urls].map(async (href) => {
      const cache = href.includes('/excalidraw-assets/fonts/') ? fonts : assets;
      if (await cache.match(href)) return;
      try {
        await cache.add(href);
        added++;
      } catch {
        // offline or gone already: the worker caches it the next time it is loaded
      }
    }),
  );
  return added;
}
