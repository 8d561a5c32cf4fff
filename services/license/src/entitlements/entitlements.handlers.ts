import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { Patterns, type EntitlementsView, type RpcRequest, type Product } from '@visualnotes/contracts';
import type { LicenseConfig } from '../config';
import { UsageService } from '../usage/usage.service';
import { EntitlementsService, fromHoldings, fromScope } from './entitlements.service';

@Controller()
export class EntitlementsHandlers {
  constructor(
    private readonly entitlements: EntitlementsService,
    private readonly usage: UsageService,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  @MessagePattern(Patterns.license.entitlements)
  get(@Payload() req: RpcRequest<'license.entitlements.get'>) {
    return this.entitlements.get(req.userId, req.scope, req.email);
  }

  @MessagePattern(Patterns.license.usageConsume)
  consume(@Payload() req: RpcRequest<'license.usage.consume'>) {
    return this.usage.consume(req);
  }

  @MessagePattern(Patterns.license.usageRefund)
  refund(@Payload() req: RpcRequest<'license.usage.refund'>) {
    return this.usage.refund(req);
  }

  /** `GET /api/entitlements`: what the account may do, what it used this month and its limits. */
  @MessagePattern(Patterns.license.view)
  async view(@Payload() req: RpcRequest<'license.entitlements.view'>): Promise<EntitlementsView> {
    // one Redis round trip when cached; the database and the auth service only on a miss
    const cached = await this.entitlements.cached(req.user_id, req.email, true);
    const h = await this.entitlements.holdings(req.user_id, req.email, cached);
    const usage = cached.usage ?? (await this.usage.usageOf(req.user_id));
    if (!cached.usage) await this.entitlements.keepUsage(req.user_id, usage);
    const e = fromScope(req.scope, fromScope(h.scope, fromHoldings(h)));
    const plans: EntitlementsView['plans'] = [...new Set<'free' | Product>(h.products)];
    if (!plans.length) plans.push('free');
    return {
      ...e,
      plans,
      usage,
      limits: {
        video_summaries: e.unlimited_videos ? null : this.config.FREE_VIDEO_SUMMARIES_PER_MONTH,
        document_summaries: e.unlimited_summaries ? null : this.config.FREE_DOCUMENT_SUMMARIES_PER_MONTH,
        period: 'month',
        referral_friends_needed: this.config.REFERRAL_FRIENDS_NEEDED,
      },
    };
  }
}
