import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { InjectRepository } from '@nestjs/typeorm';
import { DomainError, Patterns, type RpcRequest, type RpcResponse } from '@visualnotes/contracts';
import { Repository } from 'typeorm';
import { User } from '../users/user.entity';

@Controller()
export class ReferralsHandlers {
  constructor(@InjectRepository(User) private readonly users: Repository<User>) {}

  @MessagePattern(Patterns.auth.referral)
  async get(@Payload() req: RpcRequest<'auth.referral.get'>): Promise<RpcResponse<'auth.referral.get'>> {
    const user = await this.users.findOne({ where: { id: req.user_id }, select: { id: true, email: true, scope: true, referralCode: true } });
    if (!user) throw new DomainError('NOT_FOUND');
    const [row] = (await this.users.query(`SELECT count(*)::int AS invited, count(activated_at)::int AS activated FROM "auth"."users" WHERE referred_by = $1`, [
      user.referralCode,
    ])) as { invited: number; activated: number }[];
    return { code: user.referralCode, email: user.email, scope: user.scope, invited: row.invited, activated: row.activated };
  }
}
