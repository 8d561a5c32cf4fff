import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { User } from '../users/user.entity';
import { ReferralsHandlers } from './referrals.handlers';

/** Referral codes live on the account; the license service decides what they unlock. */
@Module({
  imports: [TypeOrmModule.forFeature([User])],
  controllers: [ReferralsHandlers],
})
export class ReferralsModule {}
