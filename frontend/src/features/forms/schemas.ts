import { msg } from '../../i18n/msg';
/**
 * The request schemas the account forms check before sending, loaded when a form is first
 * submitted: zod stays out of the JavaScript a page needs before interaction. Should the file not
 * arrive (connection lost since the page loaded), the error says so in words.
 */
export async function loadSchemas() {
  try {
    return await import('./schemas.lazy');
  } catch {
    throw new Error(msg('The form could not be checked. Please check your connection and try again'));
  }
}
