import { Messages } from '../messages';
import { hasScope } from '../scope';
import { isSafeRedirectPath, passwordProblemShort, passwordSchema, registerSchema } from './auth';

describe('isSafeRedirectPath', () => {
  it.each(['/', '/account', '/p/abc-123', '/blog/my_post~1?x=1', '/templates#top', '/user@name/%20x'])('accepts %s', (p) => {
    expect(isSafeRedirectPath(p)).toBe(true);
  });
  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    '/%2F%2Fevil.com',
    '/%2f%2fevil.com',
    '/%5Cevil.com',
    'javascript:alert(1)',
    'javascript:',
    '',
    'account',
    '/a b',
    '/a<script>',
    '/ok?x=\\evil',
    '/%E0%A4%A',
    null,
    42,
  ])('refuses %p', (p) => {
    expect(isSafeRedirectPath(p)).toBe(false);
  });
});

describe('password rules', () => {
  it('uses the exact messages', () => {
    expect(passwordSchema.safeParse('abc1').error?.issues[0].message).toBe(Messages.passwordTooShort);
    expect(passwordSchema.safeParse('abcdefghi').error?.issues[0].message).toBe(Messages.passwordTooSimple);
    expect(passwordSchema.safeParse('123456789').error?.issues[0].message).toBe(Messages.passwordTooSimple);
    expect(passwordSchema.safeParse('abcdefg1').success).toBe(true);
    expect(passwordProblemShort('abc')).toBe('Password too short: at least 8 characters');
    expect(passwordProblemShort('abcdefghij')).toBe('Password too simple');
    expect(passwordProblemShort('abcdefgh1')).toBeNull();
  });
  it('normalizes the e-mail and trims the name', () => {
    expect(registerSchema.parse({ name: ' Ann ', email: ' Ann@Example.TEST ', password: 'secret123' })).toMatchObject({
      name: 'Ann',
      email: 'ann@example.test',
    });
  });
});

describe('hasScope', () => {
  it('reads a list or an object of truthy entries', () => {
    expect(hasScope(['admin', 'x'], 'admin')).toBe(true);
    expect(hasScope(['x'], 'admin')).toBe(false);
    expect(hasScope({ admin: true }, 'admin')).toBe(true);
    expect(hasScope({ admin: 1 }, 'admin')).toBe(true);
    expect(hasScope({ admin: false }, 'admin')).toBe(false);
    expect(hasScope({}, 'toString')).toBe(false);
    expect(hasScope(null, 'admin')).toBe(false);
    expect(hasScope('admin', 'admin')).toBe(false);
  });
});
