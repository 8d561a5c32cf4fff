import { openWith, randomToken, sealWith, sha256 } from './crypto';

describe('sealWith / openWith', () => {
  it('gives the value back only to the holder of the same secret', () => {
    const secret = randomToken();
    const value = randomToken();
    const sealed = sealWith(secret, value);
    expect(sealed).not.toContain(value);
    expect(openWith(secret, sealed)).toBe(value);
    expect(openWith(randomToken(), sealed)).toBeNull();
    // the stored SHA-256 of the secret does not open it
    expect(openWith(sha256(secret), sealed)).toBeNull();
  });

  it('refuses an altered or truncated seal', () => {
    const secret = randomToken();
    const sealed = Buffer.from(sealWith(secret, 'value'), 'base64url');
    sealed[sealed.length - 1] ^= 1;
    expect(openWith(secret, sealed.toString('base64url'))).toBeNull();
    expect(openWith(secret, 'short')).toBeNull();
  });
});
