import { msg } from '../../i18n/msg';
import { PRODUCT_NAME } from '../constants';

export const NOT_FOUND_MESSAGE = msg('This page could not be found');
export const SERVER_ERROR_MESSAGE = msg('Something went wrong');

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

/** Spec §8: an error without a status is a 500; a 404 always says msg('This page could not be found'). */
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
