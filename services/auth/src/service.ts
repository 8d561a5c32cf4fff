import type { ServiceDefinition } from '@visualnotes/common';
import { Queues } from '@visualnotes/contracts';
import { AccountsModule, authEntities } from './accounts.module';
import { authEnvSchema } from './config';
import { DevHandlers } from './dev/dev.handlers';
import { MailModule } from './mail/mail.module';
import { MailProcessor } from './mail/mail.processor';
import { Accounts1735000000000 } from './migrations/1735000000000-accounts';
import { ReferredByIndex1737000000000 } from './migrations/1737000000000-referred-by-index';
import { RefreshTokenSuccessor1738000000000 } from './migrations/1738000000000-refresh-token-successor';
import { ReferralsModule } from './referrals/referrals.module';

export const authService: ServiceDefinition<typeof authEnvSchema> = {
  service: 'auth',
  envSchema: authEnvSchema,
  entities: authEntities,
  migrations: [Accounts1735000000000, ReferredByIndex1737000000000, RefreshTokenSuccessor1738000000000],
  imports: [MailModule, AccountsModule, ReferralsModule],
  processors: [MailProcessor],
  testControllers: [DevHandlers],
  producesTo: [Queues.licenseEvents, Queues.mediaEvents, Queues.publishEvents, Queues.aiEvents],
};
