import { DomainError, invalidFieldMessage, isErrorCode, type RaiseParams } from '@visualnotes/contracts';
import type { z } from 'zod';

/**
 * Stands for "a validator's own text" during a parse: zod uses it only where a schema sets no
 * message of its own, and {@link requestError} replaces it with a sentence naming the field.
 */
const VALIDATOR_TEXT = '\u0000validator';
const PARSE_OPTIONS = { error: () => VALIDATOR_TEXT } as const;

/**
 * The error a user gets for a rejected request: the first issue's catalogue error when its schema
 * names one (an id that names nothing is NOT_FOUND), else VALIDATION_FAILED with the schema's
 * sentence, or a sentence naming the field when the schema has none. Never a validator's text.
 */
export function requestError(issues: readonly z.core.$ZodIssue[]): DomainError {
  const issue = issues[0];
  if (!issue) return new DomainError('VALIDATION_FAILED');
  const raise = issue.code === 'custom' ? (issue.params as Partial<RaiseParams> | undefined)?.raise : undefined;
  const own = issue.message && issue.message !== VALIDATOR_TEXT ? issue.message : undefined;
  if (raise && isErrorCode(raise)) return new DomainError(raise, own);
  return new DomainError('VALIDATION_FAILED', own ?? invalidFieldMessage(issue.path));
}

/** Parses `data` with `schema`: the parsed value, or throws the {@link requestError} of its first issue. */
export function parseRequest<T>(schema: z.ZodType<T>, data: unknown): T {
  const result = schema.safeParse(data, PARSE_OPTIONS);
  if (result.success) return result.data;
  throw requestError(result.error.issues);
}
