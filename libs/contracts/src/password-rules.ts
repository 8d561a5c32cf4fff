// Without zod: the login page shows these hints before any schema is loaded.
import { Messages } from './messages';

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;
export const SECURITY_CODE_LENGTH = 6;

/** The short variants the login screen shows next to the field. */
export function passwordProblemShort(password: string): string | null {
  if (password.length < PASSWORD_MIN) return Messages.passwordTooShortShort;
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) return Messages.passwordTooSimpleShort;
  return null;
}
