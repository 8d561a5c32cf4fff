import { Messages } from '../messages';
import { activateLicenseSchema, luhnCheckDigit } from './license';

describe('activateLicenseSchema', () => {
  const key = `400000000000000${luhnCheckDigit('400000000000000')}`;

  it('says in words when the device name is too long', () => {
    const parsed = activateLicenseSchema.safeParse({ key, fingerprint: 'fp', device: { name: 'n'.repeat(101) } });
    expect(parsed.error?.issues.map((i) => i.message)).toEqual(['A device name has at most 100 characters']);
    expect(activateLicenseSchema.parse({ key, fingerprint: 'fp', device: { name: 'n'.repeat(100) } }).device.name).toHaveLength(100);
  });

  it('asks for a key when none is given, and says a wrong one does not exist', () => {
    expect(activateLicenseSchema.safeParse({ key: '', fingerprint: 'fp' }).error?.issues[0]?.message).toBe(Messages.licenseKeyRequired);
    expect(activateLicenseSchema.safeParse({ key: 'abc', fingerprint: 'fp' }).error?.issues[0]?.message).toBe(Messages.licenseNotFound);
  });
});
