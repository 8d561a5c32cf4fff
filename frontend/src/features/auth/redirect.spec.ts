import { rememberPath, safeRedirect, takeRedirect } from './redirect';
import { tokenExpiry } from './session';

class MemoryStorage {
  private map = new Map<string, string>();
  getItem(k: string) {
    return this.map.get(k) ?? null;
  }
  setItem(k: string, v: string) {
    this.map.set(k, v);
  }
  removeItem(k: string) {
    this.map.delete(k);
  }
}

beforeEach(() => {
  (globalThis as { localStorage?: unknown }).localStorage = new MemoryStorage();
});
afterAll(() => {
  delete (globalThis as { localStorage?: unknown }).localStorage;
});

describe('redirect after login', () => {
  it.each([
    '//evil.com',
    '/\\evil.com',
    'https://evil.com',
    '/%2F%2Fevil.com',
    'javascript:alert(1)',
    'javascript:',
    '/%5C%5Cevil.com',
    '\\\\evil.com',
    ' /account',
  ])('never leaves the site for %p', (hostile) => {
    expect(safeRedirect(hostile)).toBe('/account');
    rememberPath(hostile);
    expect(takeRedirect()).toBe('/account');
  });

  it('returns to a remembered local path once', () => {
    rememberPath('/templates/abc-1?tab=2#top');
    expect(takeRedirect()).toBe('/templates/abc-1?tab=2#top');
    expect(takeRedirect()).toBe('/account');
  });

  it('reads the expiry of a token without trusting it', () => {
    const payload = Buffer.from(JSON.stringify({ exp: 1234 })).toString('base64url');
    expect(tokenExpiry(`x.${payload}.y`)).toBe(1234);
    expect(tokenExpiry('garbage')).toBeNull();
  });
});
