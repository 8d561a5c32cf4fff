import { ErrorCatalogue, Messages } from '@visualnotes/contracts';
import { ApiError } from '../api/api';
import { describeError, errorMessage, NOT_FOUND_MESSAGE, TRY_AGAIN_MESSAGE } from './describe-error';

describe('describeError', () => {
  it('maps a 404 route error to the exact not-found message', () => {
    expect(describeError({ status: 404, statusText: 'Not Found', data: null })).toEqual({
      status: 404,
      message: NOT_FOUND_MESSAGE,
      title: '404 - This page could not be found | VisualNotes',
    });
    expect(NOT_FOUND_MESSAGE).toBe('This page could not be found');
  });

  it('turns an error without status into a 500', () => {
    expect(describeError(new Error('boom')).status).toBe(500);
    expect(describeError('string thrown').status).toBe(500);
    expect(describeError(undefined).status).toBe(500);
    expect(describeError({ status: 'weird' }).status).toBe(500);
  });

  it('keeps other HTTP statuses and their text', () => {
    expect(describeError({ statusCode: 403, statusText: 'Forbidden' })).toMatchObject({ status: 403, message: 'Forbidden' });
    expect(describeError({ status: 503 })).toMatchObject({ status: 503 });
  });
});

describe('errorMessage', () => {
  it('shows the text the API answered (the error catalogue, in the user’s words)', () => {
    expect(errorMessage({ status: 401, data: { statusCode: 401, message: Messages.loginFailed, code: 'LOGIN_FAILED' } })).toBe(Messages.loginFailed);
    expect(errorMessage(new ApiError(409, ErrorCatalogue.CONFLICT.message, 'CONFLICT'))).toBe(ErrorCatalogue.CONFLICT.message);
  });

  it('uses the catalogue text of a code when the answer has no text', () => {
    expect(errorMessage({ status: 429, data: { code: 'RATE_LIMITED' } })).toBe(ErrorCatalogue.RATE_LIMITED.message);
  });

  it('says "try again" when no answer came or it carried no words', () => {
    expect(errorMessage({ status: 'FETCH_ERROR', error: 'TypeError: Failed to fetch' })).toBe(TRY_AGAIN_MESSAGE);
    expect(errorMessage({ status: 502, data: '<html>bad gateway</html>' })).toBe(TRY_AGAIN_MESSAGE);
    expect(errorMessage(new TypeError('Failed to fetch'))).toBe(TRY_AGAIN_MESSAGE);
  });

  it('keeps the words of a local check and answers null without an error', () => {
    expect(errorMessage(new Error('The name is too long'))).toBe('The name is too long');
    expect(errorMessage(undefined)).toBeNull();
  });
});
