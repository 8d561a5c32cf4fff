import { randomBytes } from 'node:crypto';

/** Ids in URLs are checked before they reach a query, so a malformed one is simply "not found". */
export { isUuid } from '@visualnotes/contracts';

const TOKEN = /^[A-Za-z0-9_-]{8,32}$/;
export const isToken = (value: unknown): value is string => typeof value === 'string' && TOKEN.test(value);

/** An unguessable URL-safe id (public pages, share links). */
export const newToken = (bytes = 12) => randomBytes(bytes).toString('base64url');

export const iso = (d: Date | string) => new Date(d).toISOString();
