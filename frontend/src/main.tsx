import '@fontsource/poppins/latin-400.css';
import '@fontsource/poppins/latin-500.css';
import '@fontsource/poppins/latin-600.css';
import '@fontsource/poppins/latin-700.css';
import './styles/theme.css';
import './styles/global.css';
import './styles/transitions.css';

import { StrictMode } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { preloadServedAnswers } from './app/api/served-answers';
import { hasFirstPaint } from './app/first-paint';
import { router } from './app/router';
import { connectStoreToBrowser, makeStore } from './app/store';
import { initAuth } from './features/auth/session';
import { initI18n, storedLocale } from './i18n/i18n';

const store = makeStore();
connectStoreToBrowser(store);
initAuth(store);

const container = document.getElementById('root')!;
/** The server sent the page drawn (a published board, a public page drawn at build time). */
const serverDrawn = hasFirstPaint() || container.hasAttribute('data-drawn');

const render = () => {
  // A visitor may scroll a page the server drew before the app is here: the app takes over where
  // they are (its first render replaces the drawn page, and the router would scroll to the top).
  const scrolled = serverDrawn ? window.scrollY : 0;
  flushSync(() =>
    createRoot(container).render(
      <StrictMode>
        <Provider store={store}>
          <RouterProvider router={router} />
        </Provider>
      </StrictMode>,
    ),
  );
  if (scrolled > 0) window.scrollTo(0, scrolled);
  container.removeAttribute('data-drawn');
};

/**
 * The first render waits for the page's own code, which the server asks for with the HTML, so the
 * page is drawn whole in one paint instead of an empty frame first. A page whose code takes longer
 * (the editor) shows the frame after `FRAME_AFTER_MS`; a page the server drew (a published board,
 * a public page drawn at build time) stays on screen until its route's code is here.
 */
const FRAME_AFTER_MS = 300;
const routeReady = () =>
  router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
        if (!serverDrawn) window.setTimeout(resolve, FRAME_AFTER_MS);
      });

// The answers the server sent with the page are stored once the page's code (which defines their
// queries) is loaded, before the first render.
const pageReady = () => routeReady().then(() => preloadServedAnswers(store.dispatch as (action: unknown) => unknown));

// English needs nothing loaded; only another remembered language is fetched before the first render.
if (storedLocale() === 'en') {
  void initI18n();
  void pageReady().then(render);
} else {
  void Promise.all([initI18n(), pageReady()]).then(render);
}

/**
 * The offline app's service worker (it precaches the app shell; other chunks as they load): registered only
 * once the page has loaded and the browser is idle, so it never competes with the first paint.
 */
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const soon = () => {
    const register = () => void navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => undefined);
    window.setTimeout(() => (window.requestIdleCallback ? window.requestIdleCallback(register, { timeout: 5_000 }) : register()), 3_000);
  };
  // on a page the server drew, this script starts after the first paint, maybe after the page's load
  if (document.readyState === 'complete') soon();
  else window.addEventListener('load', soon);
}
