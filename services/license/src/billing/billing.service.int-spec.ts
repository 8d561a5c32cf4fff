import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import { InMemoryStripeEvents, runAtOnce } from '../testing/in-memory';
import { licenseRules, type LicenseRules } from '../testing/setup';
import { BillingService } from './billing.service';

const SECRET = 'whsec_unit_test';

describe('payments', () => {
  let r: LicenseRules;
  let billing: BillingService;
  const stripe = new Stripe('sk_test_placeholder');
  const buyer = { user_id: randomUUID(), email: 'buyer@example.com' };

  beforeEach(async () => {
    r = await licenseRules({ STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_SECRET_KEY: 'sk_test_unit' });
    billing = new BillingService(r.licenses, r.stores.licenses, new InMemoryStripeEvents(), runAtOnce, r.entitlements, r.config);
  });
  afterEach(() => r.close());

  let n = 0;
  /** Delivers a Stripe event signed with the webhook secret, as Stripe does. */
  const deliver = (type: string, object: Record<string, unknown>, id = `evt_${++n}`) => {
    const payload = JSON.stringify({ id, type, data: { object } });
    return billing.webhook(payload, stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET }));
  };
  const paidSession = (extra: Record<string, unknown> = {}) => ({
    id: `cs_${randomUUID()}`,
    payment_status: 'paid',
    subscription: 'sub_1',
    metadata: { ...buyer, product: 'desktop', tier: 'pro_plus', plan: 'monthly' },
    ...extra,
  });

  it('issues the license bought in a paid checkout, once however often the event comes', async () => {
    const session = paidSession();
    expect(await deliver('checkout.session.completed', session, 'evt_paid')).toEqual({ received: true, duplicate: false });
    expect(await deliver('checkout.session.completed', session, 'evt_paid')).toEqual({ received: true, duplicate: true });
    // the same session announced again under another event id makes no second license
    await deliver('checkout.session.async_payment_succeeded', session);
    expect(r.stores.licenses.licenses).toHaveLength(1);
    expect(r.stores.licenses.licenses[0]).toMatchObject({
      ownerId: buyer.user_id,
      ownerEmail: buyer.email,
      tier: 'pro_plus',
      maxDevices: 8,
      source: 'stripe',
      stripeSubscriptionId: 'sub_1',
    });
  });

  it('issues nothing for an unpaid checkout or one without a purchase', async () => {
    await deliver('checkout.session.completed', paidSession({ payment_status: 'unpaid' }));
    await deliver('checkout.session.completed', paidSession({ metadata: { user_id: buyer.user_id } }));
    expect(r.stores.licenses.licenses).toHaveLength(0);
  });

  it('follows the subscription: paid invoices extend it (never shorten), cancelling ends it with the period, deletion ends it now', async () => {
    await deliver('checkout.session.completed', paidSession());
    const l = r.stores.licenses.licenses[0];
    const later = Math.floor(l.validUntil!.getTime() / 1000) + 30 * 86_400;
    await deliver('invoice.paid', { id: 'in_1', subscription: 'sub_1', lines: { data: [{ period: { end: later } }] } });
    expect(l.validUntil!.getTime()).toBe(later * 1000);
    await deliver('invoice.paid', { id: 'in_0', subscription: 'sub_1', lines: { data: [{ period: { end: later - 86_400 } }] } });
    expect(l.validUntil!.getTime()).toBe(later * 1000);
    await deliver('customer.subscription.updated', { id: 'sub_1', cancel_at_period_end: true });
    expect(l.canceledAt).not.toBeNull();
    await deliver('customer.subscription.updated', { id: 'sub_1', cancel_at_period_end: false });
    expect(l.canceledAt).toBeNull();
    await deliver('customer.subscription.deleted', { id: 'sub_1' });
    expect(l.validUntil!.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await r.entitlements.get(buyer.user_id, undefined, buyer.email)).toMatchObject({ desktop_pro: false });
  });

  it("refuses an event whose signature is not the webhook secret's", async () => {
    const payload = JSON.stringify({ id: 'evt_forged', type: 'checkout.session.completed', data: { object: paidSession() } });
    const forged = stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else' });
    await expect(billing.webhook(payload, forged)).rejects.toMatchObject({ code: 'WEBHOOK_SIGNATURE_INVALID' });
    expect(r.stores.licenses.licenses).toHaveLength(0);
  });

  it('refuses a plan that is not sold with the billing period asked for, and checkout without Stripe', async () => {
    await expect(billing.checkout(buyer, { product: 'premium', billing: 'lifetime' })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    const offline = new BillingService(r.licenses, r.stores.licenses, new InMemoryStripeEvents(), runAtOnce, r.entitlements, {
      ...r.config,
      STRIPE_SECRET_KEY: undefined,
    });
    await expect(offline.checkout(buyer, { product: 'desktop', tier: 'pro', billing: 'monthly' })).rejects.toMatchObject({ code: 'PAYMENTS_NOT_CONFIGURED' });
  });
});
