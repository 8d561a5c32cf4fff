import { Controller, Inject } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { publicUrl, RpcClient, SERVICE_CONFIG } from '@visualnotes/common';
import { Patterns, type ReferralView, type RpcRequest } from '@visualnotes/contracts';
import type { LicenseConfig } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';

/**
 * The Invite panel: the code comes from the auth service (it records who registered with it);
 * what it unlocks is decided here (REFERRAL_FRIENDS_NEEDED activated friends).
 */
@Controller()
export class ReferralsHandlers {
  constructor(
    private readonly rpc: RpcClient,
    private readonly entitlements: EntitlementsService,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  @MessagePattern(Patterns.license.referral)
  async get(@Payload() req: RpcRequest<'license.referral.get'>): Promise<ReferralView> {
    const r = await this.rpc.send(Patterns.auth.referral, { user_id: req.user_id });
    const needed = this.config.REFERRAL_FRIENDS_NEEDED;
    const unlocked = r.activated >= needed;
    // whoever looks at the panel sees the unlock in their entitlements at once, not after the cache time
    await this.entitlements.forgetCached(req.user_id);
    return {
      code: r.code,
      link: `${publicUrl(this.config)}/refer/${encodeURIComponent(r.code)}`,
      invited: r.invited,
      activated: r.activated,
      needed,
      unlocked,
    };
  }
}
