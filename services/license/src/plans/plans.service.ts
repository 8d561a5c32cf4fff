import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DESKTOP_TIERS, type LicensePlan, type PlanPrice, type PlansView } from '@visualnotes/contracts';
import type { LicenseConfig } from '../config';
import { discounted, earlyBirdActive, PlansConfig } from './plans.config';

@Injectable()
export class PlansService {
  constructor(@Inject(SERVICE_CONFIG) private readonly config: LicenseConfig) {}

  view(now = new Date()): PlansView {
    const eb = earlyBirdActive(now);
    const prices = (list: Partial<Record<LicensePlan, number>>) =>
      Object.fromEntries(
        Object.entries(list).map(([plan, amount]): [string, PlanPrice] => [plan, eb ? { amount: discounted(amount), regular: amount } : { amount }]),
      ) as Partial<Record<LicensePlan, PlanPrice>>;
    const p = PlansConfig.products;
    return {
      currency: PlansConfig.currency,
      money_back_days: PlansConfig.moneyBackDays,
      early_bird: { active: eb, percent: PlansConfig.earlyBird.percent, label: PlansConfig.earlyBird.label, ends_at: PlansConfig.earlyBird.endsAt },
      checkout: Boolean(this.config.STRIPE_SECRET_KEY),
      plans: [
        { id: 'free', name: PlansConfig.free.name, description: PlansConfig.free.description, features: [...PlansConfig.free.features] },
        { id: 'premium', name: p.premium.name, description: p.premium.description, features: [...p.premium.features], prices: prices(p.premium.prices) },
        {
          id: 'publisher',
          name: p.publisher.name,
          description: p.publisher.description,
          features: [...p.publisher.features],
          prices: prices(p.publisher.prices),
        },
        {
          id: 'desktop',
          name: p.desktop.name,
          description: p.desktop.description,
          features: [...p.desktop.features],
          tiers: DESKTOP_TIERS.map((id) => ({
            id,
            name: PlansConfig.tiers[id].name,
            max_devices: PlansConfig.tiers[id].maxDevices,
            prices: prices(PlansConfig.tiers[id].prices),
          })),
        },
      ],
    };
  }
}
