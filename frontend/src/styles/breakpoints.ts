/**
 * Layout breakpoints (px): the single source for JS and CSS.
 * CSS uses them as custom media, e.g. `@media (--up-md)` / `@media (--down-md)`;
 * vite.config.ts rewrites those to real media queries at build time.
 */
export const BREAKPOINTS = {
  xs: 576,
  sm: 640,
  md: 768,
  lg: 992,
  xl: 1024,
  '2xl': 1200,
  '3xl': 1280,
  '4xl': 1536,
} as const;

export type Breakpoint = keyof typeof BREAKPOINTS;

export const mediaUp = (bp: Breakpoint) => `(min-width: ${BREAKPOINTS[bp]}px)`;
export const mediaDown = (bp: Breakpoint) => `(max-width: ${BREAKPOINTS[bp] - 0.02}px)`;

/** Replaces `(--up-<bp>)` and `(--down-<bp>)` in CSS with the media features above. */
export function expandCustomMedia(css: string): string {
  return css.replace(/\(--(up|down)-([0-9a-z]+)\)/g, (whole, dir: string, name: string) => {
    if (!(name in BREAKPOINTS)) throw new Error(`Unknown breakpoint in CSS: ${whole}`);
    return dir === 'up' ? mediaUp(name as Breakpoint) : mediaDown(name as Breakpoint);
  });
}
