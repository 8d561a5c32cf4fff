/**
 * The request target as every hook and the router see it. HTTP allows the same resource to be asked
 * for in several spellings (`GET http://host/api/plans`, `/%61pi/plans`); the router resolves them
 * to one route, so the checks that run before it (rate limit, headers, body rules) must decide on
 * that same path, or a different spelling walks past them. The gateway rewrites each request to
 * one canonical origin form before routing (Fastify's `rewriteUrl`), so `request.url` is always it.
 */

/** `scheme://authority` at the start of an absolute-form target. */
const ABSOLUTE_FORM = /^[A-Za-z][A-Za-z0-9+.-]*:\/\/[^/?#]*/;
/** Percent-encoded unreserved characters (letters, digits, `-._~`): the same as the character itself. */
const ENCODED_UNRESERVED = /%(?:3[0-9]|4[1-9A-Fa-f]|5[0-9Aa]|6[1-9A-Fa-f]|7[0-9Aa]|2[DEde]|5[Ff]|7[Ee])/g;

const decodeUnreserved = (escape: string) => String.fromCharCode(parseInt(escape.slice(1), 16));

/**
 * The canonical origin form of a request target: the scheme and authority of an absolute-form
 * target dropped, percent-encoded unreserved characters of the path decoded (the router decodes
 * them too) and any fragment dropped. Reserved escapes such as `%2F` stay as they are, as they do
 * for the router. Called for every request: the common case (origin form, no escapes) costs two
 * character scans.
 */
export function canonicalTarget(url: string): string {
  if (url.charCodeAt(0) === 47 /* / */ && url.indexOf('%') === -1 && url.indexOf('#') === -1) return url;
  let target = url;
  if (target.charCodeAt(0) !== 47) {
    const absolute = ABSOLUTE_FORM.exec(target);
    // Anything else (`*` for OPTIONS, garbage) is left to the router, which matches no route for it.
    if (!absolute) return url;
    target = target.slice(absolute[0].length);
    if (target.charCodeAt(0) !== 47) target = `/${target}`;
  }
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  const q = target.indexOf('?');
  const path = q === -1 ? target : target.slice(0, q);
  if (path.indexOf('%') === -1) return target;
  return path.replace(ENCODED_UNRESERVED, decodeUnreserved) + (q === -1 ? '' : target.slice(q));
}

/** The path of a canonical target (without its query). */
export function pathOf(url: string): string {
  const q = url.indexOf('?');
  return q === -1 ? url : url.slice(0, q);
}

/**
 * Whether a target carries a NUL character in its path or query (`%00`): PostgreSQL cannot store
 * one, and no name, id or search term contains it. (A raw NUL byte never gets past the HTTP parser,
 * and no UTF-8 escape decodes to half a surrogate pair, so this is the one way in through the URL.)
 */
export function hasEncodedNul(url: string): boolean {
  return url.indexOf('%00') !== -1;
}
