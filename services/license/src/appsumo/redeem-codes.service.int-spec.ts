import { randomUUID } from 'node:crypto';
import type { LicenseCaller } from '@visualnotes/contracts';
import { InMemoryRedeemCodes, runAtOnce } from '../testing/in-memory';
import { licenseRules, type LicenseRules } from '../testing/setup';
import { RedeemCodesService } from './redeem-codes.service';

describe('deal-site code rules', () => {
  let r: LicenseRules;
  let store: InMemoryRedeemCodes;
  let codes: RedeemCodesService;
  const person = (): LicenseCaller => ({ user_id: randomUUID(), email: `buyer-${randomUUID().slice(0, 6)}@example.com`, ip: '192.0.2.7' });

  beforeEach(async () => {
    r = await licenseRules({ KEY_GUESS_MAX: '2' });
    store = new InMemoryRedeemCodes();
    codes = new RedeemCodesService(store, runAtOnce, r.licenses, r.guard);
  });
  afterEach(() => r.close());

  it('imports well-formed codes once each (case and spaces do not matter) and keeps only their hashes', async () => {
    expect(await codes.import(['abc-123456', ' ABC-123456 ', 'short', 'ok-code-2', 'bad code!'], 'pro_plus')).toEqual({ imported: 2, skipped: 3 });
    expect(await codes.import(['ABC-123456'])).toEqual({ imported: 0, skipped: 1 });
    expect([...store.codes.keys()].every((h) => /^[0-9a-f]{64}$/.test(h))).toBe(true);
    expect([...store.codes.values()].map((c) => c.tier)).toEqual(['pro_plus', 'pro_plus']);
  });

  it("redeems a code once, for a lifetime license of the code's tier named to the person who redeemed it", async () => {
    await codes.import(['DEAL-000001'], 'pro_plus');
    const buyer = person();
    const license = await codes.redeem(buyer, 'deal-000001');
    expect(license).toMatchObject({ tier: 'pro_plus', plan: 'lifetime', valid_until: null, owner: true });
    expect([...store.codes.values()][0]).toMatchObject({ redeemedBy: buyer.user_id, licenseId: license.id });
    await expect(codes.redeem(person(), 'DEAL-000001')).rejects.toMatchObject({ code: 'REDEEM_CODE_INVALID' });
    expect(r.stores.licenses.licenses).toHaveLength(1);
  });

  it('counts wrong codes towards the key-guessing limit, after which even a right code is refused for a while', async () => {
    await codes.import(['DEAL-000002']);
    const guesser = person();
    for (let i = 0; i < 2; i++) await expect(codes.redeem(guesser, `WRONG-00000${i}`)).rejects.toMatchObject({ code: 'REDEEM_CODE_INVALID' });
    await expect(codes.redeem(guesser, 'DEAL-000002')).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect([...store.codes.values()][0].redeemedBy).toBeNull();
  });
});
