// Without zod: every page checks remembered paths, few need the schemas.

/**
 * Spec §5: a remembered redirect path is accepted only if local, beginning with a slash, made of
 * letters, digits and @ - % _ ~ /, optionally followed by a query or hash. `//x` and encoded
 * slashes are refused too: browsers treat them as another host.
 */
export function isSafeRedirectPath(path: unknown): path is string {
  if (typeof path !== 'string' || path.length > 2000) return false;
  const m = /^(\/[A-Za-z0-9@\-%_~/]*)([?#][^\s\\]*)?$/.exec(path);
  if (!m) return false;
  const p = m[1];
  if (p.startsWith('//')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(p);
  } catch {
    return false;
  }
  return !decoded.startsWith('//') && !decoded.includes('\\') && !/%(2f|5c)/i.test(p.slice(0, 4)) && !/^\/[\\/]/.test(decoded);
}
