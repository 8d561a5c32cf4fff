import { ScrollRestoration, type Location } from 'react-router-dom';

/**
 * Where a scroll position is kept: the history entry's key. A page loaded afresh (typed, pasted,
 * opened from a bookmark or reloaded) always has the key "default", so positions are kept by its
 * address instead: otherwise a page typed in after scrolling another would open where that one was
 * left (at its footer), while a reload still comes back to where the page was.
 */
export const scrollKey = (location: Pick<Location, 'key' | 'pathname' | 'search'>) =>
  location.key === 'default' ? `${location.pathname}${location.search}` : location.key;

/**
 * Scroll behaviour, all handled by React Router's ScrollRestoration:
 * back/forward (POP) restores the position saved for that history entry, a location with a
 * `#hash` scrolls the element with that id into view, any other navigation scrolls to the top.
 * Positions are kept in sessionStorage (see `scrollKey`), so they survive a reload.
 * The sticky header is accounted for by `scroll-padding-top` in the global CSS.
 */
export function ScrollManager() {
  return <ScrollRestoration getKey={scrollKey} />;
}
