import { ErrorCatalogue, isErrorCode } from '@visualnotes/contracts';
import { msg } from '../../i18n/msg';
import { PRODUCT_NAME } from '../constants';

export const NOT_FOUND_MESSAGE = msg('This page could not be found');
export const SERVER_ERROR_MESSAGE = msg('Something went wrong');
export const TRY_AGAIN_MESSAGE = msg('Something went wrong; please try again');

export interface ErrorDescription {
  status: number;
  message: string;
  title: string;
}

const statusOf = (error: unknown): number | undefined => {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = (error as { status?: unknown; statusCode?: unknown }).status ?? (error as { statusCode?: unknown }).statusCode;
  return typeof candidate === 'number' && candidate >= 400 && candidate <= 599 ? candidate : undefined;
};

/**
 * The one helper that puts a failed API call into the user's words: an RTK Query error
 * (`{ status, data }`) or an `ApiError`. The gateway answers with the error catalogue's text; an
 * answer that only has a catalogue code gets that code's text; anything else (no connection, a
 * body without text) gets a plain "try again". Answers null when there is no error.
 */
export function errorMessage(error: unknown): string | null {
  if (!error) return null;
  if (typeof error !== 'object') return TRY_AGAIN_MESSAGE;
  const data = (error as { data?: { message?: unknown; code?: unknown } }).data;
  const body = data && typeof data === 'object' ? data : (error as { message?: unknown; code?: unknown });
  const hasStatus = statusOf(error) !== undefined;
  // an Error without an HTTP status (no connection, a local check) carries no API text
  if (hasStatus && typeof body.message === 'string' && body.message) return body.message;
  if (hasStatus && isErrorCode(body.code)) return ErrorCatalogue[body.code].message;
  if (!hasStatus && error instanceof Error && !(error instanceof TypeError) && error.message) return error.message;
  return TRY_AGAIN_MESSAGE;
}

/** The error page's words: an error without a status is a 500; a 404 always says the page was not found. */
export function describeError(error: unknown): ErrorDescription {
  const status = statusOf(error) ?? 500;
  let message: string;
  if (status === 404) message = NOT_FOUND_MESSAGE;
  else if (status >= 500) message = SERVER_ERROR_MESSAGE;
  else {
    const text = (error as { statusText?: unknown }).statusText;
    message = typeof text === 'string' && text ? text : SERVER_ERROR_MESSAGE;
  }
  return { status, message, title: `${status} - ${message} | ${PRODUCT_NAME}` };
}
