import { Inject, Injectable, Logger } from '@nestjs/common';
import { publicUrl, SERVICE_CONFIG } from '@visualnotes/common';
import {
  DESKTOP_TIERS,
  DomainError,
  LICENSE_PLANS,
  PRODUCTS,
  type CheckoutBody,
  type DesktopTier,
  type LicenseCaller,
  type LicensePlan,
  type Product,
} from '@visualnotes/contracts';
import Stripe from 'stripe';
import { Transactions, type TransactionRunner, type Tx } from '../common/transactions';
import type { LicenseConfig } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';
import type { License } from '../licenses/license.entity';
import { LicensesRepository, type LicenseStore } from '../licenses/licenses.repository';
import { LicensesService } from '../licenses/licenses.service';
import { StripeEventsRepository, type StripeEventStore } from './stripe-events.repository';
import { PlansConfig, priceOf } from '../plans/plans.config';

/** What a checkout is for; carried in the session's (and the subscription's) metadata. */
interface Purchase {
  user_id: string;
  email: string;
  product: Product;
  tier: DesktopTier;
  plan: LicensePlan;
}

interface StripeObject {
  id: string;
  [field: string]: unknown;
}

/**
 * Stripe Checkout (only when STRIPE_SECRET_KEY is set) and its webhooks. Each event is recorded
 * by id in the same transaction as its effect, so a replayed or re-delivered event does nothing.
 */
@Injectable()
export class BillingService {
  private readonly logger = new Logger(BillingService.name);
  private readonly stripe: Stripe | null;

  constructor(
    @Inject(LicensesService) private readonly licenses: Pick<LicensesService, 'issue'>,
    @Inject(LicensesRepository) private readonly licenseRows: LicenseStore,
    @Inject(StripeEventsRepository) private readonly events: StripeEventStore,
    @Inject(Transactions) private readonly transactions: TransactionRunner,
    @Inject(EntitlementsService) private readonly entitlements: Pick<EntitlementsService, 'invalidate'>,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {
    const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
    this.stripe = config.STRIPE_SECRET_KEY
      ? new Stripe(config.STRIPE_SECRET_KEY, {
          maxNetworkRetries: 2,
          timeout: 20_000,
          ...(api
            ? {
                host: api.hostname,
                port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
                protocol: api.protocol.replace(':', '') as 'http' | 'https',
              }
            : {}),
        })
      : null;
  }

  get enabled(): boolean {
    return this.stripe !== null;
  }

  async checkout(caller: LicenseCaller, body: CheckoutBody): Promise<{ url: string }> {
    if (!this.stripe) throw new DomainError('PAYMENTS_NOT_CONFIGURED');
    const tier: DesktopTier = body.product === 'desktop' ? (body.tier ?? 'pro') : PlansConfig.products[body.product].tier;
    const amount = priceOf(body.product, tier, body.billing);
    if (amount === null) throw new DomainError('VALIDATION_FAILED', 'This plan is not sold with this billing period');
    const purchase: Purchase = { user_id: caller.user_id, email: caller.email.toLowerCase(), product: body.product, tier, plan: body.billing };
    const metadata = { ...purchase };
    const recurring = body.billing === 'lifetime' ? undefined : { interval: body.billing === 'monthly' ? ('month' as const) : ('year' as const) };
    const base = publicUrl(this.config);
    const name = body.product === 'desktop' ? `${PlansConfig.products.desktop.name} ${PlansConfig.tiers[tier].name}` : PlansConfig.products[body.product].name;
    const session = await this.stripe.checkout.sessions.create({
      mode: recurring ? 'subscription' : 'payment',
      customer_email: purchase.email,
      client_reference_id: caller.user_id,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: PlansConfig.currencyCode,
            unit_amount: Math.round(amount * 100),
            product_data: { name: `${name} (${body.billing})` },
            ...(recurring ? { recurring } : {}),
          },
        },
      ],
      metadata,
      ...(recurring ? { subscription_data: { metadata } } : {}),
      success_url: `${base}/account?checkout=success`,
      cancel_url: `${base}/pricing?checkout=canceled`,
    });
    if (!session.url) throw new DomainError('SERVICE_UNAVAILABLE');
    return { url: session.url };
  }

  async webhook(payload: string, signature: string): Promise<{ received: true; duplicate: boolean }> {
    if (!this.config.STRIPE_WEBHOOK_SECRET) throw new DomainError('PAYMENTS_NOT_CONFIGURED');
    let event: { id: string; type: string; data: { object: StripeObject } };
    try {
      // verification needs no API key; a placeholder keeps the client usable without STRIPE_SECRET_KEY
      const verifier = this.stripe ?? new Stripe('sk_webhook_only');
      event = verifier.webhooks.constructEvent(payload, signature, this.config.STRIPE_WEBHOOK_SECRET) as never;
    } catch {
      throw new DomainError('WEBHOOK_SIGNATURE_INVALID');
    }
    const duplicate = await this.transactions.run(async (tx) => {
      if (!(await this.events.record(event.id, event.type, tx))) return true;
      await this.apply(tx, event.type, event.data.object);
      return false;
    });
    if (!duplicate) await this.entitlements.invalidate();
    return { received: true, duplicate };
  }

  private async apply(tx: Tx, type: string, o: StripeObject): Promise<void> {
    switch (type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        if (o.payment_status && o.payment_status !== 'paid' && o.payment_status !== 'no_payment_required') return;
        const p = purchaseOf(o.metadata);
        if (!p) return this.logger.warn(`checkout session ${o.id} without a purchase in its metadata`);
        if (await this.licenseRows.madeBySession(o.id, tx)) return;
        const subscription = typeof o.subscription === 'string' ? o.subscription : ((o.subscription as StripeObject | null)?.id ?? null);
        await this.licenses.issue(
          {
            email: p.email,
            ownerId: p.user_id,
            product: p.product,
            tier: p.tier,
            plan: p.plan,
            source: 'stripe',
            stripeSessionId: o.id,
            stripeSubscriptionId: subscription,
          },
          tx,
        );
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_succeeded': {
        const sub = subscriptionOfInvoice(o);
        const end = periodEndOfInvoice(o);
        if (!sub || !end) return;
        await this.licenseRows.extendSubscription(sub, end, tx);
        return;
      }
      case 'customer.subscription.updated': {
        await this.licenseRows.markSubscriptionCanceled(o.id, o.cancel_at_period_end === true, tx);
        return;
      }
      case 'customer.subscription.deleted': {
        await this.licenseRows.endSubscription(o.id, tx);
        return;
      }
      default:
        return;
    }
  }

  /** Keeps Stripe in step with Unsubscribe / Resume on a license bought online. */
  async setCancelAtPeriodEnd(l: License, cancel: boolean): Promise<void> {
    if (!this.stripe || !l.stripeSubscriptionId) return;
    await this.stripe.subscriptions.update(l.stripeSubscriptionId, { cancel_at_period_end: cancel });
  }
}

function purchaseOf(metadata: unknown): Purchase | null {
  const md = (metadata ?? {}) as Record<string, string>;
  if (!md.user_id || !md.email || !PRODUCTS.includes(md.product as Product) || !LICENSE_PLANS.includes(md.plan as LicensePlan)) return null;
  const tier = DESKTOP_TIERS.includes(md.tier as DesktopTier) ? (md.tier as DesktopTier) : 'pro';
  return { user_id: md.user_id, email: md.email, product: md.product as Product, tier, plan: md.plan as LicensePlan };
}

function subscriptionOfInvoice(o: StripeObject): string | null {
  const direct = o.subscription;
  if (typeof direct === 'string') return direct;
  const parent = o.parent as { subscription_details?: { subscription?: string | StripeObject } } | undefined;
  const s = parent?.subscription_details?.subscription;
  return typeof s === 'string' ? s : (s?.id ?? null);
}

function periodEndOfInvoice(o: StripeObject): Date | null {
  const lines = (o.lines as { data?: { period?: { end?: number } }[] } | undefined)?.data ?? [];
  const end = Math.max(0, ...lines.map((l) => l.period?.end ?? 0), typeof o.period_end === 'number' ? o.period_end : 0);
  return end ? new Date(end * 1000) : null;
}
