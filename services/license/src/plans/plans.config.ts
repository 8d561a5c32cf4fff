import type { DesktopTier, LicensePlan, Product } from '@visualnotes/contracts';

/**
 * Plans, tiers and prices: the one place to change them. Amounts are list prices in
 * `currency`; the early bird discount is applied on top while `earlyBird.endsAt` is in the future
 * (null: no end date). Stripe charges the discounted amount.
 */
export const PlansConfig = {
  currency: '$',
  /** ISO 4217 code of `currency`, for Stripe. */
  currencyCode: 'usd',
  moneyBackDays: 30,
  earlyBird: { enabled: true, percent: 20, label: 'Early bird discount', endsAt: null as string | null },
  free: {
    name: 'Free',
    description: 'Visual notes and whiteboards on the web',
    features: ['Unlimited local canvases', 'Import local files (except videos)', 'Monthly video and document summaries'],
  },
  products: {
    premium: {
      name: 'Premium',
      description: 'Unlimited cloud with a Desktop Pro license',
      features: ['Unlimited cloud projects', 'Unlimited video and AI summaries', 'Long documents', 'Desktop Pro license (4 devices)'],
      prices: { monthly: 9.99, yearly: 99 },
      /** Premium includes a Desktop Pro license of this tier. */
      tier: 'pro' as DesktopTier,
    },
    publisher: {
      name: 'Publisher',
      description: 'Publish your projects to the web',
      features: ['Publish projects to the web', 'View statistics of published projects', 'Share templates'],
      prices: { monthly: 4.99, yearly: 49 },
      tier: 'pro' as DesktopTier,
    },
    desktop: {
      name: 'Desktop Pro',
      description: 'The desktop app for Mac and Windows, offline',
      features: ['Mac and Windows apps', 'Works offline', 'All future updates during the license period'],
    },
  },
  tiers: {
    pro: { name: 'Pro', maxDevices: 4, prices: { monthly: 5.99, yearly: 59, lifetime: 149 } },
    pro_plus: { name: 'Pro Plus', maxDevices: 8, prices: { monthly: 9.99, yearly: 99, lifetime: 249 } },
    pro_max: { name: 'Pro Max', maxDevices: 20, prices: { monthly: 19.99, yearly: 199, lifetime: 449 } },
  } satisfies Record<DesktopTier, { name: string; maxDevices: number; prices: Record<LicensePlan, number> }>,
} as const;

export function earlyBirdActive(now = new Date()): boolean {
  const eb = PlansConfig.earlyBird;
  return eb.enabled && eb.percent > 0 && (!eb.endsAt || new Date(eb.endsAt) > now);
}

/** What is charged for a product/tier/plan now (early bird applied), or null when it is not sold. */
export function priceOf(product: Product, tier: DesktopTier, plan: LicensePlan, now = new Date()): number | null {
  const list =
    product === 'desktop' ? PlansConfig.tiers[tier].prices[plan] : (PlansConfig.products[product].prices as Partial<Record<LicensePlan, number>>)[plan];
  if (list === undefined) return null;
  return earlyBirdActive(now) ? discounted(list) : list;
}

export function discounted(amount: number): number {
  return Math.round(amount * (100 - PlansConfig.earlyBird.percent)) / 100;
}

export function maxDevicesOf(tier: DesktopTier): number {
  return PlansConfig.tiers[tier].maxDevices;
}
