import { Module } from '@nestjs/common';
import { ActivationSigner } from './activation/activation-signer';
import { RedeemCodesService } from './appsumo/redeem-codes.service';
import { BillingService } from './billing/billing.service';
import { AccountsDirectory } from './common/accounts.directory';
import { LicenseRedis } from './common/license-redis';
import { EntitlementsHandlers } from './entitlements/entitlements.handlers';
import { EntitlementsService } from './entitlements/entitlements.service';
import { KeyGuard } from './licenses/key-guard';
import { LicensesHandlers } from './licenses/licenses.handlers';
import { LicensesService } from './licenses/licenses.service';
import { PlansService } from './plans/plans.service';
import { ReferralsHandlers } from './referrals/referrals.handlers';
import { UsageService } from './usage/usage.service';

@Module({
  controllers: [EntitlementsHandlers, ReferralsHandlers, LicensesHandlers],
  providers: [
    LicenseRedis,
    AccountsDirectory,
    EntitlementsService,
    UsageService,
    PlansService,
    ActivationSigner,
    KeyGuard,
    LicensesService,
    BillingService,
    RedeemCodesService,
  ],
  exports: [EntitlementsService, UsageService, AccountsDirectory, LicensesService],
})
export class LicenseModule {}
