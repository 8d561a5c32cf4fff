import { ScrollRestoration } from 'react-router-dom';

/**
 * Scroll behaviour, all handled by React Router's ScrollRestoration:
 * back/forward (POP) restores the position saved for that history entry, a location with a
 * `#hash` scrolls the element with that id into view, any other navigation scrolls to the top.
 * Positions are kept per history entry key in sessionStorage, so they survive a reload.
 * The sticky header is accounted for by `scroll-padding-top` in the global CSS.
 */
export function ScrollManager() {
  return <ScrollRestoration />;
}
