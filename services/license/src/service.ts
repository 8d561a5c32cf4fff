import type { ServiceDefinition } from '@visualnotes/common';
import { AccountEventsProcessor } from './account-events/account-events.processor';
import { licenseEnvSchema } from './config';
import { LicenseModule } from './license.module';
import { Licenses1736000000000 } from './migrations/1736000000000-licenses';

export const licenseService: ServiceDefinition<typeof licenseEnvSchema> = {
  service: 'license',
  envSchema: licenseEnvSchema,
  migrations: [Licenses1736000000000],
  imports: [LicenseModule],
  processors: [AccountEventsProcessor],
};
