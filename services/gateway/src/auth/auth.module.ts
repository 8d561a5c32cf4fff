import { Global, Module, type DynamicModule, type Provider } from '@nestjs/common';
import { redisConnection } from '@visualnotes/common';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { AccountsController } from './accounts.controller';
import { AdminGuard, AuthGuard, OptionalAuthGuard, ScopeGuard } from './auth.guard';
import { RedisStateStore } from './google/google-state.store';
import { GoogleController, GoogleOffController } from './google/google.controller';
import { GoogleAuthGuard } from './google/google.guard';
import { GoogleStrategy } from './google/google.strategy';
import { RevokedSessions } from './revoked-sessions';
import { TokenVerifier } from './token-verifier.service';

const guards = [RevokedSessions, TokenVerifier, AuthGuard, OptionalAuthGuard, ScopeGuard, AdminGuard];

const google: Provider[] = [
  {
    provide: RedisStateStore,
    inject: [GATEWAY_CONFIG],
    useFactory: (config: GatewayConfig) => {
      const redis = redisConnection(config.REDIS_URL, 'state');
      redis.on('error', () => undefined);
      return new RedisStateStore(redis, `${config.REDIS_PREFIX}:`);
    },
  },
  GoogleStrategy,
  GoogleAuthGuard,
];

/**
 * Accounts routes, and the guards every gateway controller uses. Global so that
 * `@UseGuards(AuthGuard)` and `@CurrentUser()` work in any module without importing this one.
 * Without GOOGLE_CLIENT_ID the Google routes only send the browser back to the login page.
 */
@Global()
@Module({})
export class AuthModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    const googleOn = Boolean(config.GOOGLE_CLIENT_ID);
    return {
      module: AuthModule,
      controllers: [AccountsController, googleOn ? GoogleController : GoogleOffController],
      providers: [...guards, ...(googleOn ? google : [])],
      exports: [...guards],
    };
  }
}
