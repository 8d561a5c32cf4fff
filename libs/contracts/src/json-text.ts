import { DomainError } from './errors';

/*
 * JSON that PostgreSQL and every walker can take: the gateway checks request bodies and live
 * channel messages with it, and every service checks the RPC requests it receives.
 */

/**
 * Deepest nesting of arrays and objects a JSON body may have. A scene is about 5 levels deep;
 * thousands of levels would overflow the stack of whatever walks the value later (serialising it
 * for the RPC hop, validation), and a body of `[[[[…` is cheap to send.
 */
export const JSON_MAX_DEPTH = 64;

const isWellFormed = (s: string) => (s as string & { isWellFormed(): boolean }).isWellFormed();

/** A string PostgreSQL refuses (NUL) or that is not Unicode text (half a surrogate pair). */
export function isInvalidText(s: string): boolean {
  return s.indexOf('\0') !== -1 || !isWellFormed(s);
}

/**
 * The first reason a parsed JSON body cannot be taken, or null. `checkText` may be false when the
 * raw body has no `\u` escape: JSON text can carry NUL or a lone surrogate only as an escape (raw
 * control characters are invalid JSON, and UTF-8 decoding never yields a lone surrogate). Walks the
 * value without recursion, so the walk itself cannot overflow. `maxDepth` is for values that
 * carry a checked body a level or two down (RPC requests).
 */
export function jsonBodyProblem(value: unknown, checkText = true, maxDepth = JSON_MAX_DEPTH): DomainError | null {
  if (value === null || typeof value !== 'object') {
    return checkText && typeof value === 'string' && isInvalidText(value) ? new DomainError('INVALID_CHARACTERS') : null;
  }
  const stack: unknown[] = [value];
  const depths: number[] = [1];
  while (stack.length) {
    const node = stack.pop() as object;
    const depth = depths.pop()!;
    if (depth > maxDepth) return new DomainError('NESTING_TOO_DEEP');
    if (Array.isArray(node)) {
      for (let i = 0; i < node.length; i++) {
        const item: unknown = node[i];
        if (typeof item === 'string') {
          if (checkText && isInvalidText(item)) return new DomainError('INVALID_CHARACTERS');
        } else if (item !== null && typeof item === 'object') {
          stack.push(item);
          depths.push(depth + 1);
        }
      }
      continue;
    }
    for (const key in node) {
      if (checkText && isInvalidText(key)) return new DomainError('INVALID_CHARACTERS');
      const item: unknown = (node as Record<string, unknown>)[key];
      if (typeof item === 'string') {
        if (checkText && isInvalidText(item)) return new DomainError('INVALID_CHARACTERS');
      } else if (item !== null && typeof item === 'object') {
        stack.push(item);
        depths.push(depth + 1);
      }
    }
  }
  return null;
}

/** Whether raw JSON text has any `\u` escape (else no string in it needs the text check). */
export function hasUnicodeEscape(raw: Buffer | string): boolean {
  return raw.indexOf('\\u') !== -1;
}
