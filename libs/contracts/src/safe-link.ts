// Without zod: the editor and every service check links the same way.

/** Protocols a link on a canvas element may use; relative links resolve to the page's own. */
const LINK_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);
/** Resolves relative links (`/p/…`, `#…`, `?element=…`, `other-board`) for the protocol check only. */
const LINK_BASE = 'https://link.invalid/';

/**
 * Whether a link may be stored on a canvas element and shown as a clickable link. Parsed with the
 * WHATWG URL parser, the one browsers use, so every spelling a browser would read as `javascript:`
 * (tabs, newlines or control characters inside or before the scheme, any letter case) is read so
 * here too; only http, https, mailto and relative links pass.
 */
export function isSafeLink(link: string): boolean {
  let url: URL;
  try {
    url = new URL(link, LINK_BASE);
  } catch {
    return false;
  }
  return LINK_PROTOCOLS.has(url.protocol);
}
