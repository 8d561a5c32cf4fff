/** The head tags of one page as the gateway serves it. */
export interface HeadMeta {
  title: string;
  description: string;
  /** Absolute URL. */
  canonical: string;
  /** `lang` attribute of the html element. */
  lang: string;
  alternates: { hreflang: string; href: string }[];
  ogType: 'website' | 'article';
  ogLocale?: string;
  image?: string;
  noindex?: boolean;
  publishedTime?: string;
  modifiedTime?: string;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ESCAPES[c]);

export function headTags(meta: HeadMeta, siteName: string): string {
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}" />`,
    `<link rel="canonical" href="${escapeHtml(meta.canonical)}" />`,
    ...meta.alternates.map((a) => `<link rel="alternate" hreflang="${escapeHtml(a.hreflang)}" href="${escapeHtml(a.href)}" />`),
    `<meta property="og:site_name" content="${escapeHtml(siteName)}" />`,
    `<meta property="og:title" content="${escapeHtml(meta.title)}" />`,
    `<meta property="og:description" content="${escapeHtml(meta.description)}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.canonical)}" />`,
    `<meta property="og:type" content="${meta.ogType}" />`,
    `<meta name="twitter:card" content="${meta.image ? 'summary_large_image' : 'summary'}" />`,
  ];
  if (meta.ogLocale) tags.push(`<meta property="og:locale" content="${escapeHtml(meta.ogLocale.replace('-', '_'))}" />`);
  if (meta.image) tags.push(`<meta property="og:image" content="${escapeHtml(meta.image)}" />`);
  if (meta.publishedTime) tags.push(`<meta property="article:published_time" content="${escapeHtml(meta.publishedTime)}" />`);
  if (meta.modifiedTime) tags.push(`<meta property="article:modified_time" content="${escapeHtml(meta.modifiedTime)}" />`);
  if (meta.noindex) tags.push('<meta name="robots" content="noindex" />');
  return tags.join('\n    ');
}

/**
 * Puts a page's head tags into the built index.html: its own title, description and lang replace
 * the generic ones, the rest goes before `</head>`.
 */
export function renderIndex(indexHtml: string, meta: HeadMeta, siteName: string): string {
  // Replacer functions, never replacement strings: user text such as a title with `$'` or `$&`
  // would otherwise paste parts of the page into itself.
  const lang = `<html lang="${escapeHtml(meta.lang)}"`;
  const head = headTags(meta, siteName);
  return indexHtml
    .replace(/<html lang="[^"]*"/, () => lang)
    .replace(/\s*<meta name="description"[^>]*>/, '')
    .replace(/<title>[^<]*<\/title>/, () => head);
}

/** The path of a request URL, without its query and trailing slash (`/` for the home page). */
export function pathOf(url: string): string {
  return (url.split(/[?#]/)[0].replace(/\/+$/, '') || '/').replace(/\/{2,}/g, '/');
}

/** Puts a page the server drew inside the app's root element (the app mounts over it); nothing drawn leaves the root empty. */
export function withPageBody(indexHtml: string, body: string): string {
  return body ? indexHtml.replace(/<div id="root"><\/div>/, () => `<div id="root" data-drawn>${body}</div>`) : indexHtml;
}

/** Adds tags (the page's own script and style links) at the end of the head. */
export function withPageHead(indexHtml: string, tags: string): string {
  return tags ? indexHtml.replace(/<\/head>/i, () => `${tags}</head>`) : indexHtml;
}

/** JSON inside a <script> element: nothing in it can close the element or open a comment. */
export function jsonInHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
