/** Business constants of the shell. Change them here only. */

export const PRODUCT_NAME = 'VisualNotes';

/** Navigation progress bar: shown only if loading lasts longer than the throttle. */
export const PROGRESS_THROTTLE_MS = 200;
/** Time the bar takes to advance from 0 to 100 while a navigation is pending. */
export const PROGRESS_DURATION_MS = 5000;
/** The bar stays at 100 for this long after the navigation finished, then hides. */
export const PROGRESS_HIDE_DELAY_MS = 500;
/** How often the bar advances. */
export const PROGRESS_TICK_MS = 100;

/** Idle prefetch of linked pages waits at most this long for an idle period. */
export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** A failed page-chunk load reloads the page at most once per this window. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
export const CHUNK_RELOAD_STORAGE_KEY = 'vn:chunk-reload-at';

/** Auth storage: prefix `auth`, token key prefix `_token.`, default strategy `local` (shared with the gateway's admin sign-in page). */
export { AUTH_TOKEN_STORAGE_KEY } from '@visualnotes/contracts';

export const API_BASE_URL = '/api';
