import { Inject, Injectable } from '@nestjs/common';
import { DomainError, isReferralCode, type RpcResponse } from '@visualnotes/contracts';
import { UsersRepository, type UserStore } from '../users/users.repository';

/** An account's referral code and how many accounts registered with it. */
@Injectable()
export class ReferralsService {
  constructor(@Inject(UsersRepository) private readonly users: Pick<UserStore, 'findById' | 'referralCounts' | 'referralCodeExists'>) {}

  async get(userId: string): Promise<RpcResponse<'auth.referral.get'>> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('NOT_FOUND');
    const { invited, activated } = await this.users.referralCounts(user.referralCode);
    return { code: user.referralCode, email: user.email, scope: user.scope, invited, activated };
  }

  /** Whether an invitation link's code is an account's code (registration ignores any other). */
  async check(code: string): Promise<RpcResponse<'auth.referral.check'>> {
    return { valid: isReferralCode(code) && (await this.users.referralCodeExists(code)) !== null };
  }
}
