import { useEffect, useRef, type FocusEvent, type PointerEvent } from 'react';
import { Link, useLocation, type LinkProps } from 'react-router-dom';
import { prefetchPath, prefetchWhenVisible } from '../../app/prefetch/prefetch';

export interface AppLinkProps extends Omit<LinkProps, 'to' | 'prefetch'> {
  to: string;
  /** Prefetch the target page chunk when the link is visible/idle or hovered (default true). */
  prefetch?: boolean;
}

/**
 * Internal link of the app: prefetches the target page (see prefetch-policy for when not) and
 * asks the router for a view transition, which the CSS turns into an out-in page fade.
 */
export function AppLink({ to, prefetch = true, onPointerEnter, onFocus, ...rest }: AppLinkProps) {
  const anchor = useRef<HTMLAnchorElement>(null);
  const location = useLocation();
  const targetPath = to.split(/[?#]/)[0] || location.pathname;

  useEffect(() => {
    if (!prefetch || !anchor.current) return;
    return prefetchWhenVisible(anchor.current, to);
  }, [prefetch, to]);

  return (
    <Link
      ref={anchor}
      to={to}
      viewTransition={targetPath !== location.pathname}
      onPointerEnter={(event: PointerEvent<HTMLAnchorElement>) => {
        if (prefetch) prefetchPath(to);
        onPointerEnter?.(event);
      }}
      onFocus={(event: FocusEvent<HTMLAnchorElement>) => {
        if (prefetch) prefetchPath(to);
        onFocus?.(event);
      }}
      {...rest}
    />
  );
}
