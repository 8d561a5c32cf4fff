import type { ServiceDefinition } from '@visualnotes/common';
import { Queues } from '@visualnotes/contracts';
import { AccountsModule, authEntities } from './accounts.module';
import { authEnvSchema } from './config';
import { MailModule } from './mail/mail.module';
import { Accounts1735000000000 } from './migrations/1735000000000-accounts';
import { ReferredByIndex1737000000000 } from './migrations/1737000000000-referred-by-index';
import { ReferralsModule } from './referrals/referrals.module';

export const authService: ServiceDefinition<typeof authEnvSchema> = {
  service: 'auth',
  envSchema: authEnvSchema,
  entities: authEntities,
  migrations: [Accounts1735000000000, ReferredByIndex1737000000000],
  imports: [MailModule, AccountsModule, ReferralsModule],
  producesTo: [Queues.licenseEvents, Queues.mediaEvents, Queues.publishEvents, Queues.aiEvents],
};
