import { matchRoutes, type RouteObject } from 'react-router-dom';
import { PREFETCH_IDLE_TIMEOUT_MS } from '../constants';
import { shouldPrefetch, type ConnectionInfo } from './prefetch-policy';

let routes: RouteObject[] = [];
const prefetched = new Set<string>();

/** Called once with the route config, whose `lazy` functions do the actual loading. */
export const registerPrefetchRoutes = (routeConfig: RouteObject[]) => {
  routes = routeConfig;
};

const environment = () => ({
  online: navigator.onLine,
  connection: (navigator as Navigator & { connection?: ConnectionInfo }).connection,
});

/** Loads the page chunk(s) behind an internal link, once, unless the connection says no. */
export function prefetchPath(href: string) {
  if (!shouldPrefetch(environment())) return;
  const url = new URL(href, window.location.href);
  if (url.origin !== window.location.origin || prefetched.has(url.pathname)) return;
  prefetched.add(url.pathname);
  for (const { route } of matchRoutes(routes, url.pathname) ?? []) {
    if (typeof route.lazy === 'function') {
      // Failures are not the user's problem yet; the real navigation will retry.
      Promise.resolve(route.lazy()).catch(() => prefetched.delete(url.pathname));
    }
  }
}

type IdleWindow = Window & {
  requestIdleCallback?: (cb: () => void, opts?: { timeout: number }) => number;
  cancelIdleCallback?: (id: number) => void;
};

const onIdle = (callback: () => void) => {
  const w = window as IdleWindow;
  if (w.requestIdleCallback) {
    const id = w.requestIdleCallback(callback, { timeout: PREFETCH_IDLE_TIMEOUT_MS });
    return () => w.cancelIdleCallback?.(id);
  }
  const id = window.setTimeout(callback, 1);
  return () => window.clearTimeout(id);
};

const watched = new Map<Element, () => void>();
let observer: IntersectionObserver | undefined;

/** Prefetches a link's page in an idle period once the link is on screen. Returns the cleanup. */
export function prefetchWhenVisible(element: Element, href: string) {
  if (typeof IntersectionObserver === 'undefined') return () => undefined;
  observer ??= new IntersectionObserver((entries) => {
    for (const entry of entries) {
      if (!entry.isIntersecting) continue;
      const start = watched.get(entry.target);
      observer?.unobserve(entry.target);
      watched.delete(entry.target);
      start?.();
    }
  });
  let cancelIdle: (() => void) | undefined;
  watched.set(element, () => {
    cancelIdle = onIdle(() => prefetchPath(href));
  });
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    watched.delete(element);
    cancelIdle?.();
  };
}
