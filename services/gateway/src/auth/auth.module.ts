import { Global, Module, type DynamicModule } from '@nestjs/common';
import type { GatewayConfig } from '../config';
import { AccountsController } from './accounts.controller';
import { AdminGuard, AuthGuard, OptionalAuthGuard, ScopeGuard } from './auth.guard';
import { GoogleController, GoogleOffController } from './google/google.controller';
import { RevokedSessions } from './revoked-sessions';
import { TokenVerifier } from './token-verifier.service';

const guards = [RevokedSessions, TokenVerifier, AuthGuard, OptionalAuthGuard, ScopeGuard, AdminGuard];

/**
 * Accounts routes, and the guards every gateway controller uses. Global so that
 * `@UseGuards(AuthGuard)` and `@CurrentUser()` work in any module without importing this one.
 * Without GOOGLE_CLIENT_ID the Google routes only send the browser back to the login page.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AuthModule,
      controllers: [AccountsController, config.GOOGLE_CLIENT_ID ? GoogleController : GoogleOffController],
      providers: [...guards],
      exports: [...guards],
    };
  }
}
