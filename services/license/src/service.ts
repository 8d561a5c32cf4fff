import type { ServiceDefinition } from '@visualnotes/common';
import { AccountEventsProcessor } from './account-events/account-events.processor';
import { Account } from './accounts/account.entity';
import { SigningKey } from './activation/signing-key.entity';
import { RedeemCode } from './appsumo/redeem-code.entity';
import { StripeEvent } from './billing/stripe-event.entity';
import { licenseEnvSchema } from './config';
import { LicenseModule } from './license.module';
import { License, LicenseDevice, LicenseUser } from './licenses/license.entity';
import { Licenses1736000000000 } from './migrations/1736000000000-licenses';
import { UsageCounter } from './usage/usage-counter.entity';

export const licenseService: ServiceDefinition<typeof licenseEnvSchema> = {
  service: 'license',
  envSchema: licenseEnvSchema,
  entities: [License, LicenseDevice, LicenseUser, Account, UsageCounter, StripeEvent, RedeemCode, SigningKey],
  migrations: [Licenses1736000000000],
  imports: [LicenseModule],
  processors: [AccountEventsProcessor],
};
