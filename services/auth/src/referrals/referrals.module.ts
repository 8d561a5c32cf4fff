import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts.module';
import { ReferralsHandlers } from './referrals.handlers';
import { ReferralsService } from './referrals.service';

/** Referral codes live on the account; the license service decides what they unlock. */
@Module({
  imports: [AccountsModule],
  controllers: [ReferralsHandlers],
  providers: [ReferralsService],
})
export class ReferralsModule {}
