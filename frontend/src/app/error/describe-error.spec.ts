import { describeError, NOT_FOUND_MESSAGE } from './describe-error';

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
