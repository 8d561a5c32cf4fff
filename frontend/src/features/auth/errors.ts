import { msg } from '../../i18n/msg';
import { ApiError } from './session';

export function messageOf(err: unknown): string {
  if (err instanceof ApiError) return err.message;
  return msg('Something went wrong on our side; please try again');
}
