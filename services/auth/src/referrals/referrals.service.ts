import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type RpcResponse } from '@visualnotes/contracts';
import { UsersRepository, type UserStore } from '../users/users.repository';

/** An account's referral code and how many accounts registered with it. */
@Injectable()
export class ReferralsService {
  constructor(@Inject(UsersRepository) private readonly users: Pick<UserStore, 'findById' | 'referralCounts'>) {}

  async get(userId: string): Promise<RpcResponse<'auth.referral.get'>> {
    const user = await this.users.findById(userId);
    if (!user) throw new DomainError('NOT_FOUND');
    const { invited, activated } = await this.users.referralCounts(user.referralCode);
    return { code: user.referralCode, email: user.email, scope: user.scope, invited, activated };
  }
}
