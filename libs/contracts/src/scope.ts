/**
 * The scope field of a user: a list of scope names, or an object whose truthy entries
 * are the scopes held. One helper for every service and the front end.
 */
export type Scope = readonly string[] | Readonly<Record<string, unknown>> | null | undefined;

export const Scopes = {
  /** Operators of the installation. */
  admin: 'admin',
} as const;

export function hasScope(scope: Scope | unknown, name: string): boolean {
  if (!scope || typeof name !== 'string' || !name) return false;
  if (Array.isArray(scope)) return scope.includes(name);
  if (typeof scope === 'object') {
    return Object.prototype.hasOwnProperty.call(scope, name) && Boolean((scope as Record<string, unknown>)[name]);
  }
  return false;
}
