import { authorizationHeader } from './tokens';

describe('authorizationHeader', () => {
  it('adds the Bearer type to a raw token and keeps a stored header value', () => {
    expect(authorizationHeader('abc.def')).toBe('Bearer abc.def');
    expect(authorizationHeader('Bearer abc.def')).toBe('Bearer abc.def');
  });

  it('sends nothing when there is no token or the store marks it logged out', () => {
    for (const stored of [null, undefined, '', '  ', 'false', 'null']) expect(authorizationHeader(stored)).toBeUndefined();
  });
});
