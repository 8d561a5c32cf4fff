import { randomUUID } from 'node:crypto';
import { licenseRules, type LicenseRules } from '../testing/setup';

describe('usage allowances', () => {
  let r: LicenseRules;
  beforeEach(async () => {
    r = await licenseRules({ FREE_VIDEO_SUMMARIES_PER_MONTH: '2', VISITOR_VIDEO_SUMMARIES: '1', VISITOR_DOCUMENT_SUMMARIES: '0' });
  });
  afterEach(() => r.close());

  it('a free account gets its monthly allowance, then is refused without anything counted', async () => {
    const me = randomUUID();
    const uses = [];
    for (let i = 0; i < 3; i++) uses.push(await r.usage.consume({ subject: me, kind: 'video_summary' }));
    expect(uses).toEqual([
      { allowed: true, used: 1, limit: 2 },
      { allowed: true, used: 2, limit: 2 },
      { allowed: false, used: 2, limit: 2 },
    ]);
    expect(await r.usage.usageOf(me)).toEqual({ video_summaries: 2, document_summaries: 0 });
  });

  it('a use given back for work that gave nothing frees the allowance again, in the month it was counted, never below none', async () => {
    const me = randomUUID();
    await r.usage.consume({ subject: me, kind: 'document_summary' });
    expect(await r.usage.usageOf(me)).toEqual({ video_summaries: 0, document_summaries: 1 });
    expect(await r.usage.refund({ subject: me, kind: 'document_summary', used_at: new Date().toISOString() })).toEqual({ used: 0 });
    expect(await r.usage.refund({ subject: me, kind: 'document_summary', used_at: new Date().toISOString() })).toEqual({ used: 0 });
    // a use of last month given back leaves this month's count alone
    await r.usage.consume({ subject: me, kind: 'document_summary' });
    const lastMonth = new Date();
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    await r.usage.refund({ subject: me, kind: 'document_summary', used_at: lastMonth.toISOString() });
    expect(await r.usage.usageOf(me)).toEqual({ video_summaries: 0, document_summaries: 1 });
  });

  it('a visitor gets the visitor allowance, and none for a kind with an allowance of 0', async () => {
    const visitor = `visitor:${randomUUID()}`;
    expect(await r.usage.consume({ subject: visitor, kind: 'video_summary', visitor: true })).toEqual({ allowed: true, used: 1, limit: 1 });
    expect(await r.usage.consume({ subject: visitor, kind: 'video_summary', visitor: true })).toMatchObject({ allowed: false });
    expect(await r.usage.consume({ subject: visitor, kind: 'document_summary', visitor: true })).toEqual({ allowed: false, used: 0, limit: 0 });
  });

  it('Premium makes both kinds unlimited', async () => {
    const me = { id: randomUUID(), email: 'premium@example.com' };
    await r.licenses.issue({ email: me.email, ownerId: me.id, product: 'premium', tier: 'pro', plan: 'monthly', source: 'operator' });
    await r.stores.accounts.remember(me.id, me.email);
    for (let i = 0; i < 5; i++) expect(await r.usage.consume({ subject: me.id, kind: 'video_summary' })).toMatchObject({ allowed: true, limit: null });
    expect(await r.usage.usageOf(me.id)).toEqual({ video_summaries: 5, document_summaries: 0 });
  });
});
