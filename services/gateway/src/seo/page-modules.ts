import { COMPARISON_PAGES, isLandingLocale, SITE_TOOLS, type ToolPageKind } from '@visualnotes/contracts';

/** Pages rendered by the front end's `pages/info` module (the footer's information pages). */
const INFO_PATHS = new Set(['/privacy', '/terms', '/changelog', '/roadmap', '/vision']);
const SIGN_IN_PATHS = new Set(['/account/appsumo', '/account/reset', '/user/confirm']);
const pages = (area: string, file = area) => `src/pages/${area}/${file}.pages.ts`;

/** The module of each kind of tool page (the editor's scripts are too large to fetch before they are asked for). */
const TOOL_PAGES: Record<ToolPageKind, string | null> = {
  editor: null,
  maker: pages('tools', 'maker'),
  document: pages('tools/documents', 'documents'),
  video: pages('tools'),
};

/**
 * The front end module (its source path, as the build manifest names it) that renders a page
 * path, so the page's own scripts and style sheets can be fetched with the HTML instead of after
 * the app's script has run. Null for the editor and for paths no page renders.
 */
export function pageModule(path: string): string | null {
  const segments = path.split('/').filter(Boolean);
  const [first, second] = segments;
  if (first === 'tools' && segments.length === 2) {
    const tool = SITE_TOOLS.find((t) => t.slug === second);
    return tool ? TOOL_PAGES[tool.page] : pages('tools');
  }
  if (path === '/') return pages('home');
  if (INFO_PATHS.has(path)) return pages('info');
  if (SIGN_IN_PATHS.has(path)) return pages('account', 'sign-in');
  if (path === '/account') return pages('account');
  if (path === '/account/login') return pages('account', 'login');
  if (path === '/embedTest') return pages('embed-test');
  if (segments.length <= 2 && (first === 'blog' || first === 'templates')) return pages(first);
  if (segments.length === 1 && (first === 'pricing' || first === 'download')) return pages(first);
  if (segments.length <= 2 && (first === 'refer' || first === 'share')) return pages(first);
  if (first === 'p' && segments.length <= 3) return pages('published');
  if (isLandingLocale(first) && segments.length <= 2) return pages('languages');
  if (segments.length === 1 && COMPARISON_PAGES.some((p) => p.slug === first)) return pages('content');
  return null;
}
