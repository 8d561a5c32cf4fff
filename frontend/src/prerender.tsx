/**
 * The public pages drawn ahead of time (at build time, see build/prerender.mjs), as a visitor who is
 * not signed in sees them in English: the server sends this HTML in the page, so it is painted
 * before any script runs, and the app mounts over it once its page's code is here.
 */
import { COMPARISON_PAGES, SITE_TOOLS, type Capabilities, type ServedAnswer } from '@visualnotes/contracts';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { preloadCapabilities } from './app/api/capabilities';
import { preloadServedAnswers } from './app/api/served-answers';
import { routes } from './app/routes/routes';
import { makeStore } from './app/store';

// what the build script draws each page for, and how it names each combination
export { CAPABILITY_COMBINATIONS, capabilityKey } from '@visualnotes/contracts';

/** Pages whose first paint needs no data of the visitor's or the server's (the editor is left out: it draws in the browser). */
export const PRERENDERED_PATHS: readonly string[] = [
  '/',
  '/pricing',
  '/download',
  '/privacy',
  '/terms',
  '/changelog',
  '/roadmap',
  '/vision',
  ...SITE_TOOLS.filter((tool) => tool.page !== 'editor').map((tool) => `/tools/${tool.slug}`),
  ...COMPARISON_PAGES.map((page) => `/${page.slug}`),
];

/**
 * The HTML inside `#root` of a page, for an installation that offers `capabilities`, with the API
 * `answers` the page shows (the gateway draws pages that show data when they are asked for); null
 * when the page is not found.
 */
export async function renderPage(path: string, capabilities: Capabilities, answers: ServedAnswer[] = []): Promise<string | null> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response || context.statusCode !== 200) return null;
  const store = makeStore();
  preloadCapabilities(store.dispatch as (action: unknown) => unknown, capabilities);
  // after the query above, which loaded the page's code and with it the queries these answer
  preloadServedAnswers(store.dispatch as (action: unknown) => unknown, answers);
  const router = createStaticRouter(handler.dataRoutes, context);
  // `prerender` waits for every lazy part of the page (a tool's own chunk), unlike renderToString.
  const { prelude } = await prerender(
    <StrictMode>
      <Provider store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Provider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
