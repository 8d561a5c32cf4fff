import { activateLicenseSchema, luhnCheckDigit } from './license';

describe('activateLicenseSchema', () => {
  const key = `400000000000000${luhnCheckDigit('400000000000000')}`;

  it('says in words when the device name is too long', () => {
    const parsed = activateLicenseSchema.safeParse({ key, fingerprint: 'fp', device: { name: 'n'.repeat(101) } });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['A device name has at most 100 characters']);
    expect(activateLicenseSchema.parse({ key, fingerprint: 'fp', device: { name: 'n'.repeat(100) } }).device.name).toHaveLength(100);
  });
});
