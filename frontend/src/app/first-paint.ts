/**
 * What the server wrote into a page for its first paint (a published board's title, description,
 * snapshot and download offer, see the gateway's published-page.ts), read once as the app starts,
 * before it mounts over the server's HTML. Only for the address the page was served at.
 */
const served = typeof document === 'undefined' ? null : document.getElementById('published-first-paint');
const servedAt = typeof location === 'undefined' ? '' : location.pathname;
let data: unknown = null;
try {
  data = served?.textContent ? JSON.parse(served.textContent) : null;
} catch {
  data = null;
}

/** The server's first-paint data when the app was opened at `pathname`; else null. */
export function firstPaint<T>(pathname: string): T | null {
  return data && pathname === servedAt ? (data as T) : null;
}

/** The server wrote a first paint: the app should mount once its route is ready, not over it blank. */
export const hasFirstPaint = () => data !== null;
