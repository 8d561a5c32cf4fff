import { randomUUID } from 'node:crypto';
import { InMemoryUsers } from '../testing/in-memory';
import { ReferralsService } from './referrals.service';

describe('referrals', () => {
  const users = new InMemoryUsers();
  const referrals = new ReferralsService(users);
  const account = (email: string, extra: { referredBy?: string; activatedAt?: Date } = {}) =>
    users.insert({ email, name: email, passwordHash: null, referralCode: randomUUID().slice(0, 8), ...extra });

  it("answers an account's code with the accounts registered with it and how many of them are activated", async () => {
    const inviter = (await account('inviter@example.test', { activatedAt: new Date() }))!;
    await account('friend-1@example.test', { referredBy: inviter.referralCode, activatedAt: new Date() });
    await account('friend-2@example.test', { referredBy: inviter.referralCode });
    await account('stranger@example.test');
    await expect(referrals.get(inviter.id)).resolves.toEqual({
      code: inviter.referralCode,
      email: 'inviter@example.test',
      scope: [],
      invited: 2,
      activated: 1,
    });
  });

  it('answers not found for an account that does not exist', async () => {
    await expect(referrals.get(randomUUID())).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });
});
