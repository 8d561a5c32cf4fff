import { randomUUID } from 'node:crypto';
import type { Entitlements } from '@visualnotes/contracts';
import { licenseRules, type LicenseRules } from '../testing/setup';
import { fromHoldings, fromScope, type Holdings } from './entitlements.service';

const NONE: Entitlements = { premium: false, publisher: false, desktop_pro: false, unlimited_videos: false, unlimited_summaries: false };
const holding = (h: Partial<Holdings>): Holdings => ({ products: [], referralUnlocked: false, scope: null, email: null, ...h });

describe('what a plan entitles to', () => {
  it('Premium includes Desktop Pro and unlimited videos and summaries; Desktop alone does not', () => {
    expect(fromHoldings(holding({ products: ['premium'] }))).toEqual({
      premium: true,
      publisher: false,
      desktop_pro: true,
      unlimited_videos: true,
      unlimited_summaries: true,
    });
    expect(fromHoldings(holding({ products: ['desktop'] }))).toEqual({ ...NONE, desktop_pro: true });
    expect(fromHoldings(holding({ products: ['publisher'] }))).toEqual({ ...NONE, publisher: true });
  });

  it('a referral unlock gives unlimited videos and summaries, not Premium', () => {
    expect(fromHoldings(holding({ referralUnlocked: true }))).toEqual({ ...NONE, unlimited_videos: true, unlimited_summaries: true });
  });

  it('operators grant through scope entries, on top of what licenses give', () => {
    expect(fromScope(['unlimited'], NONE)).toEqual({ ...NONE, unlimited_videos: true, unlimited_summaries: true });
    expect(fromScope({ premium: true }, NONE)).toMatchObject({ premium: true, desktop_pro: true, unlimited_videos: true });
    expect(fromScope(['publisher'], { ...NONE, desktop_pro: true })).toEqual({ ...NONE, publisher: true, desktop_pro: true });
    expect(fromScope(null, { ...NONE, publisher: true })).toEqual({ ...NONE, publisher: true });
    expect(fromScope({ premium: false }, NONE)).toEqual(NONE);
  });
});

describe('entitlements of an account', () => {
  let r: LicenseRules;
  beforeEach(async () => {
    r = await licenseRules();
  });
  afterEach(() => r.close());
  const account = () => ({ id: randomUUID(), email: `a-${randomUUID().slice(0, 6)}@example.com` });

  it('come from the valid licenses it owns or was added to, even while the auth service is down', async () => {
    const me = account();
    const owner = account();
    expect(await r.entitlements.get(me.id, undefined, me.email)).toEqual(NONE);
    await r.licenses.issue({
      email: me.email,
      ownerId: me.id,
      product: 'premium',
      tier: 'pro',
      plan: 'yearly',
      source: 'operator',
      validUntil: new Date(Date.now() - 1),
    });
    expect(await r.entitlements.get(me.id, undefined, me.email)).toEqual(NONE); // expired
    const shared = await r.licenses.issue({ email: owner.email, ownerId: owner.id, product: 'publisher', tier: 'pro', plan: 'yearly', source: 'operator' });
    await r.licenses.addUser({ user_id: owner.id, email: owner.email }, shared.id, me.email);
    expect(await r.entitlements.get(me.id, undefined, me.email)).toEqual({ ...NONE, publisher: true });
  });

  it('show a new license at once although answers are cached (a change of licenses makes them stale)', async () => {
    const me = account();
    const before = await r.entitlements.cached(me.id);
    await r.licenses.issue({ email: me.email, ownerId: me.id, product: 'desktop', tier: 'pro', plan: 'lifetime', source: 'operator' });
    const after = await r.entitlements.cached(me.id);
    expect(Number(after.generation)).toBeGreaterThan(Number(before.generation));
    expect(await r.entitlements.get(me.id, undefined, me.email)).toEqual({ ...NONE, desktop_pro: true });
  });

  it('of a visitor (no account id) are only what the scope grants', async () => {
    expect(await r.entitlements.get('visitor:abc', ['premium'])).toMatchObject({ premium: true });
    expect(await r.entitlements.get('visitor:abc')).toEqual(NONE);
  });
});
