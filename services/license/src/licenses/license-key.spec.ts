import { isWellFormedLicenseKey, luhnCheckDigit } from '@visualnotes/contracts';
import { formatLicenseKey, newLicenseKey } from './license-key';

describe('license keys', () => {
  it('are 16 digits with a valid check digit', () => {
    for (let i = 0; i < 200; i++) {
      const key = newLicenseKey();
      expect(key).toMatch(/^\d{16}$/);
      expect(isWellFormedLicenseKey(key)).toBe(true);
    }
  });

  it('catches a mistyped digit and a swap of neighbours', () => {
    const key = newLicenseKey();
    const typo = key.slice(0, 3) + String((Number(key[3]) + 1) % 10) + key.slice(4);
    expect(isWellFormedLicenseKey(typo)).toBe(false);
    const a = key[5];
    const b = key[6];
    if (a !== b && !((a === '0' && b === '9') || (a === '9' && b === '0'))) {
      expect(isWellFormedLicenseKey(key.slice(0, 5) + b + a + key.slice(7))).toBe(false);
    }
  });

  it('refuses wrong lengths and letters, accepts groups typed with dashes or spaces', () => {
    expect(isWellFormedLicenseKey('123')).toBe(false);
    expect(isWellFormedLicenseKey('abcdabcdabcdabcd')).toBe(false);
    expect(isWellFormedLicenseKey('4539 1488 0343 6467')).toBe(true);
    expect(isWellFormedLicenseKey(formatLicenseKey('4539148803436467'))).toBe(true);
    expect(luhnCheckDigit('453914880343646')).toBe(7);
  });
});
