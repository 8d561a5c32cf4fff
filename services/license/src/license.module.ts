import { Module } from '@nestjs/common';
import { AccountsRepository } from './accounts/accounts.repository';
import { ActivationSigner } from './activation/activation-signer';
import { SigningKeysRepository } from './activation/signing-keys.repository';
import { RedeemCodesRepository } from './appsumo/redeem-codes.repository';
import { RedeemCodesService } from './appsumo/redeem-codes.service';
import { BillingService } from './billing/billing.service';
import { StripeEventsRepository } from './billing/stripe-events.repository';
import { LicenseRedis } from './common/license-redis';
import { Transactions } from './common/transactions';
import { EntitlementsHandlers } from './entitlements/entitlements.handlers';
import { EntitlementsService } from './entitlements/entitlements.service';
import { KeyGuard } from './licenses/key-guard';
import { LicensesHandlers } from './licenses/licenses.handlers';
import { LicensesRepository } from './licenses/licenses.repository';
import { LicensesService } from './licenses/licenses.service';
import { PlansService } from './plans/plans.service';
import { ReferralsHandlers } from './referrals/referrals.handlers';
import { UsageRepository } from './usage/usage.repository';
import { UsageService } from './usage/usage.service';

@Module({
  controllers: [EntitlementsHandlers, ReferralsHandlers, LicensesHandlers],
  providers: [
    Transactions,
    LicensesRepository,
    AccountsRepository,
    UsageRepository,
    StripeEventsRepository,
    RedeemCodesRepository,
    SigningKeysRepository,
    LicenseRedis,
    EntitlementsService,
    UsageService,
    PlansService,
    ActivationSigner,
    KeyGuard,
    LicensesService,
    BillingService,
    RedeemCodesService,
  ],
  exports: [EntitlementsService, UsageService, AccountsRepository, LicensesService],
})
export class LicenseModule {}
