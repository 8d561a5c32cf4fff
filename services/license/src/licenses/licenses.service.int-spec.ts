import { randomUUID } from 'node:crypto';
import { ErrorCatalogue, LicenseStatus, type LicenseCaller } from '@visualnotes/contracts';
import { licenseRules, type LicenseRules } from '../testing/setup';

describe('license rules', () => {
  let r: LicenseRules;
  const person = (name: string): LicenseCaller => ({ user_id: randomUUID(), email: `${name}-${randomUUID().slice(0, 6)}@example.com`, ip: '192.0.2.1' });
  const device = (name: string) => ({ name, os: 'Windows 11' });

  beforeEach(async () => {
    r = await licenseRules({ KEY_GUESS_MAX: '3' });
  });
  afterEach(() => r.close());

  const issue = (owner: LicenseCaller, extra: Partial<Parameters<LicenseRules['licenses']['issue']>[0]> = {}) =>
    r.licenses.issue({ email: owner.email, ownerId: owner.user_id, product: 'desktop', tier: 'pro', plan: 'yearly', source: 'operator', ...extra });

  it("names a license after its tier and gives it the tier's device slots (none for Publisher)", async () => {
    const owner = person('owner');
    expect(await issue(owner, { tier: 'pro_plus' })).toMatchObject({ name: 'Desktop Pro Plus', maxDevices: 8, plan: 'yearly' });
    expect(await issue(owner, { product: 'publisher' })).toMatchObject({ maxDevices: 0 });
    const lifetime = await issue(owner, { plan: 'lifetime' });
    expect(lifetime.validUntil).toBeNull();
    const monthly = await issue(owner, { plan: 'monthly' });
    const days = (monthly.validUntil!.getTime() - monthly.validFrom.getTime()) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31);
  });

  it("activates devices up to the tier's limit; the same device again keeps its slot", async () => {
    const owner = person('owner');
    const l = await issue(owner); // Pro: 4 devices
    for (const fp of ['a', 'b', 'c', 'd']) await r.licenses.activate(owner, l.key, fp, device(`PC ${fp}`));
    const again = await r.licenses.activate(owner, l.key, 'b', { name: '', os: 'Linux' });
    expect(again.device).toMatchObject({ fingerprint: 'b', name: 'PC b', os: 'Linux' });
    expect(again.license.devices).toHaveLength(4);
    await expect(r.licenses.activate(owner, l.key, 'e', device('PC e'))).rejects.toMatchObject({ code: 'LICENSE_FULL' });
    expect(r.stores.licenses.devices).toHaveLength(4);
  });

  it('signs an activation token the desktop app can verify, naming the license, device and fingerprint', async () => {
    const owner = person('owner');
    const l = await issue(owner);
    const { activation_token, device: d } = await r.licenses.activate(owner, l.key, 'fp-1', device('Laptop'));
    expect(r.signer.verify(activation_token)).toMatchObject({ sub: owner.user_id, license_id: l.id, device_id: d.id, fingerprint: 'fp-1', max_devices: 4 });
    // A changed signature character (not the last one: its low bits are padding that base64url ignores).
    const at = activation_token.lastIndexOf('.') + 10;
    const tampered = activation_token.slice(0, at) + (activation_token[at] === 'A' ? 'B' : 'A') + activation_token.slice(at + 1);
    expect(r.signer.verify(tampered)).toBeNull();
  });

  it('refuses an expired license, and counts unknown keys until further look-ups are refused', async () => {
    const owner = person('owner');
    const expired = await issue(owner, { validUntil: new Date(Date.now() - 1000) });
    await expect(r.licenses.activate(owner, expired.key, 'fp', device('PC'))).rejects.toMatchObject({ code: 'LICENSE_EXPIRED' });
    const stranger = person('stranger');
    const theirs = await issue(person('other'));
    for (let i = 0; i < 3; i++) {
      await expect(r.licenses.activate(stranger, theirs.key, 'fp', device('PC'))).rejects.toMatchObject({ code: 'LICENSE_NOT_FOUND' });
    }
    // KEY_GUESS_MAX reached: even a right key is refused for a while
    const own = await issue(stranger);
    await expect(r.licenses.activate(stranger, own.key, 'fp', device('PC'))).rejects.toMatchObject({ code: 'RATE_LIMITED' });
    expect(r.stores.licenses.devices).toHaveLength(0);
  });

  it('never leaves an account refused after a burst of right keys (a refused look-up gives its try back)', async () => {
    const owner = person('owner');
    const l = await issue(owner);
    await r.licenses.activate(owner, l.key, 'fp', device('PC'));
    // more at once than KEY_GUESS_MAX (3): some may be refused while the others are under way
    const burst = await Promise.allSettled(Array.from({ length: 12 }, () => r.licenses.activate(owner, l.key, 'fp', device('PC'))));
    for (const answer of burst) if (answer.status === 'rejected') expect(answer.reason).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await r.licenses.activate(owner, l.key, 'fp', device('PC'))).device.fingerprint).toBe('fp');
    // wrong keys still count: after KEY_GUESS_MAX of them even the right key is refused
    const theirs = await issue(person('other'));
    for (let i = 0; i < 3; i++) await expect(r.licenses.activate(owner, theirs.key, 'fp', device('PC'))).rejects.toMatchObject({ code: 'LICENSE_NOT_FOUND' });
    await expect(r.licenses.activate(owner, l.key, 'fp', device('PC'))).rejects.toMatchObject({ code: 'RATE_LIMITED' });
  });

  it('lets users added by address see and use a license, but only the owner manage it', async () => {
    const owner = person('owner');
    const friend = person('friend');
    const stranger = person('stranger');
    const l = await issue(owner);
    const shared = await r.licenses.addUser(owner, l.id, friend.email);
    expect(shared.users).toEqual([{ email: friend.email }]);
    expect((await r.licenses.list(friend)).map((x) => [x.id, x.owner])).toEqual([[l.id, false]]);
    await r.licenses.activate(friend, l.key, 'friend-pc', device('PC'));
    await expect(r.licenses.addUser(friend, l.id, stranger.email)).rejects.toMatchObject({ code: 'FORBIDDEN' });
    await expect(r.licenses.get(stranger, l.id)).rejects.toMatchObject({ code: 'NOT_FOUND', message: ErrorCatalogue.NOT_FOUND.message });
    expect(await r.licenses.list(stranger)).toEqual([]);
    await r.licenses.removeUser(owner, l.id, friend.email);
    expect(await r.licenses.list(friend)).toEqual([]);
    await expect(r.licenses.removeUser(owner, l.id, friend.email)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it("adds nobody for the owner's own address, and at most 50 users", async () => {
    const owner = person('owner');
    const l = await issue(owner);
    expect((await r.licenses.addUser(owner, l.id, owner.email)).users).toEqual([]);
    for (let i = 0; i < 50; i++) await r.stores.licenses.addUser(l.id, `user${i}@example.com`);
    await expect(r.licenses.addUser(owner, l.id, 'one-more@example.com')).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await r.stores.licenses.countUsers(l.id)).toBe(50);
  });

  it('cancels and resumes a subscription (telling the payment provider before committing), never a lifetime license', async () => {
    const owner = person('owner');
    const l = await issue(owner, { plan: 'monthly' });
    const told: string[] = [];
    const canceled = await r.licenses.unsubscribe(owner, l.id, async (x) => void told.push(`cancel ${x.id}`));
    expect(canceled.status).toBe(LicenseStatus.canceled);
    const resumed = await r.licenses.resume(owner, l.id, 'yearly', async (x) => void told.push(`resume ${x.id}`));
    expect(resumed).toMatchObject({ status: LicenseStatus.active, plan: 'yearly' });
    expect(told).toEqual([`cancel ${l.id}`, `resume ${l.id}`]);
    const lifetime = await issue(owner, { plan: 'lifetime' });
    await expect(r.licenses.unsubscribe(owner, lifetime.id)).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    await expect(r.licenses.resume(owner, lifetime.id, 'monthly')).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });

  it("revokes what a deleted account owns, takes its address off others' licenses and drops its counters", async () => {
    const gone = person('gone');
    const owner = person('owner');
    await r.licenses.list(gone); // the address is remembered when the account calls
    await issue(gone);
    await issue(gone, { ownerId: null }); // issued to the address only
    const other = await issue(owner);
    await r.licenses.addUser(owner, other.id, gone.email);
    await r.stores.usage.count(gone.user_id, 'video_summary', '2030-01', null);
    expect(await r.licenses.revokeAccount(gone.user_id)).toBe(2);
    expect(await r.licenses.list(gone)).toEqual([]);
    expect((await r.licenses.get(owner, other.id)).users).toEqual([]);
    expect(await r.stores.usage.used(gone.user_id, 'video_summary', '2030-01')).toBe(0);
    expect(await r.licenses.revokeAccount(gone.user_id)).toBe(0);
    expect(await r.licenses.revokeAccount('not-an-id')).toBe(0);
  });
});
