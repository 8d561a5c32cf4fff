import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest, type RpcResponse } from '@visualnotes/contracts';
import { ReferralsService } from './referrals.service';

@Controller()
export class ReferralsHandlers {
  constructor(private readonly referrals: ReferralsService) {}

  @MessagePattern(Patterns.auth.referral)
  get(@Payload() req: RpcRequest<'auth.referral.get'>): Promise<RpcResponse<'auth.referral.get'>> {
    return this.referrals.get(req.user_id);
  }

  @MessagePattern(Patterns.auth.referralCheck)
  check(@Payload() req: RpcRequest<'auth.referral.check'>): Promise<RpcResponse<'auth.referral.check'>> {
    return this.referrals.check(req.code);
  }
}
