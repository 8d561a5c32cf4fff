import { z } from 'zod';
import { ErrorCatalogue, type ErrorCode } from './errors';

/**
 * The building blocks of every request schema (HTTP bodies and RPC requests), defined once.
 * Browser-safe: zod only.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID (any version), the form of every id the services create. */
export function isUuid(value: unknown): value is string {
  return typeof value === 'string' && value.length === 36 && UUID.test(value);
}

/** A UUID; anything else fails validation naming the field. */
export const uuid = z.string().refine(isUuid);

/**
 * Marks an issue so that the RPC boundary answers with this catalogue error (and message)
 * instead of VALIDATION_FAILED: read by the validation step through the issue's `params`.
 */
export interface RaiseParams {
  raise: ErrorCode;
}

/**
 * The id of something the caller names (usually from a link). A malformed one names nothing, so it
 * answers like an id that does not exist: `code` (NOT_FOUND by default) with `message`.
 */
export function idOf(code: ErrorCode = 'NOT_FOUND', message?: string) {
  return raising(isUuid, code, message);
}

/** A value that passes `check`; anything else answers the catalogue error `code` (with `message`). */
export function raising<T>(check: (value: unknown) => value is T, code: ErrorCode, message: string = ErrorCatalogue[code].message) {
  return z.custom<T>(check, { message, params: { raise: code } satisfies RaiseParams });
}

export const isString = (value: unknown): value is string => typeof value === 'string';

/** The signed-in account a call is made for (set by the gateway from the access token). */
export const callerId = idOf('UNAUTHORIZED');

export const EMAIL_INVALID = 'Please enter a valid e-mail address';

/** An e-mail address, trimmed and lower-cased; `message` when it is not one. */
export function emailAddress(message: string = EMAIL_INVALID) {
  return z.string({ error: message }).trim().toLowerCase().max(254, message).pipe(z.email(message));
}
export const email = emailAddress();

/** Text of at most `max` characters (trimmed) that must not be empty. */
export function nonEmptyText(max: number, message?: string) {
  const error = message ? { error: message } : undefined;
  return z.string(error).trim().min(1, error).max(max, error);
}

/** Text of at most `max` characters, possibly empty. */
export function text(max: number) {
  return z.string().max(max);
}

/** Token scope as the gateway read it (operator grants); its shape is checked where it is used. */
export const scope = z.unknown().optional();

/** A request with nothing in it (`{}`; callers may send nothing at all). */
export const empty = z
  .object({})
  .nullish()
  .transform(() => ({}) as Record<string, never>);
