import { Controller, Get, Inject, Logger, Req, Res, type OnModuleDestroy } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { publicUrl, redisOptions, RpcClient } from '@visualnotes/common';
import { Messages, Patterns, type LoginSuccess } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import Redis from 'ioredis';
import { Strategy as GoogleStrategy, type Profile } from 'passport-google-oauth20';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config';
import { clientInfo } from '../client-info';
import { RedisStateStore, STATE_COOKIE, STATE_TTL_S } from './google-state.store';

type Outcome = { kind: 'redirect'; url: string } | { kind: 'success'; user: LoginSuccess } | { kind: 'fail'; reason: string };

/**
 * Google sign-in with passport-google-oauth20. The strategy runs per request the way passport's
 * middleware runs it (its success/fail/error/redirect actions are set on a per-request copy), which
 * fits Fastify without Express shims. The redirect URI is the origin plus `/account`: the
 * front end's account page hands `code` and `state` on to the callback route.
 */
@ApiTags('accounts')
@Controller('auth/google')
export class GoogleController implements OnModuleDestroy {
  private readonly logger = new Logger(GoogleController.name);
  private readonly redis: Redis;
  private readonly strategy: GoogleStrategy;
  private readonly origin: string;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
  ) {
    this.origin = publicUrl(config);
    this.redis = new Redis({ ...redisOptions(config.REDIS_URL), maxRetriesPerRequest: 2 });
    this.redis.on('error', () => undefined);
    this.strategy = new GoogleStrategy(
      {
        clientID: config.GOOGLE_CLIENT_ID!,
        clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
        callbackURL: `${this.origin}/account`,
        authorizationURL: config.GOOGLE_AUTH_URL,
        tokenURL: config.GOOGLE_TOKEN_URL,
        userProfileURL: config.GOOGLE_USERINFO_URL,
        scope: ['openid', 'profile', 'email'],
        pkce: true,
        state: true,
        store: new RedisStateStore(this.redis, `${config.REDIS_PREFIX}:`) as never,
        passReqToCallback: true,
      },
      // five parameters: passport-oauth2 picks the (req, access, refresh, profile, done) form by arity
      ((req: unknown, _access: string, _refresh: string, profile: Profile, done: (err: unknown, user?: unknown) => void) => {
        const email = profile.emails?.[0];
        this.rpc
          .send(Patterns.auth.googleSignIn, {
            google_id: profile.id,
            email: email?.value ?? '',
            email_verified: email?.verified === true || (email?.verified as unknown) === 'true',
            name: profile.displayName ?? '',
            client: clientInfo(req as FastifyRequest),
          })
          .then(
            (user) => done(null, user),
            (err) => done(err),
          );
      }) as never,
    );

    // keeps the access token out of the userinfo URL
    (this.strategy as unknown as { _oauth2: { useAuthorizationHeaderforGET(v: boolean): void } })._oauth2.useAuthorizationHeaderforGET(true);
  }

  onModuleDestroy() {
    this.redis.disconnect();
  }

  private run(req: FastifyRequest): Promise<Outcome> {
    return new Promise((resolve) => {
      const s = Object.create(this.strategy) as GoogleStrategy & Record<string, unknown>;
      s.redirect = (url: string) => resolve({ kind: 'redirect', url });
      s.success = (user: LoginSuccess) => resolve({ kind: 'success', user });
      s.fail = (info: unknown) => resolve({ kind: 'fail', reason: JSON.stringify(info ?? null) });
      s.error = (err: Error) => resolve({ kind: 'fail', reason: err?.message ?? String(err) });
      s.pass = () => resolve({ kind: 'fail', reason: 'pass' });
      try {
        s.authenticate(req as never, {});
      } catch (err) {
        resolve({ kind: 'fail', reason: (err as Error).message });
      }
    });
  }

  @Get()
  @ApiOperation({ summary: 'Redirects to Google with a stored state' })
  async start(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    // the first leg never carries a code: passport must not take the callback path
    const leg = Object.assign(Object.create(req) as FastifyRequest, { query: {}, body: undefined }) as FastifyRequest & { googleNonce?: string };
    const outcome = await this.run(leg);
    if (outcome.kind !== 'redirect' || !leg.googleNonce) {
      this.logger.warn(`Google sign-in could not start: ${outcome.kind === 'fail' ? outcome.reason : outcome.kind}`);
      return reply.status(302).header('location', '/account/login?error=google').send();
    }
    const secure = this.origin.startsWith('https:') ? '; Secure' : '';
    return reply
      .status(302)
      .header('set-cookie', `${STATE_COOKIE}=${leg.googleNonce}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL_S}${secure}`)
      .header('location', outcome.url)
      .send();
  }

  @Get('callback')
  @ApiOperation({ summary: 'Completes Google sign-in: 302 to /account with the tokens in the fragment (JSON when asked)' })
  async callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const query = (req.query ?? {}) as Record<string, unknown>;
    const wantsJson = String(req.headers.accept ?? '').includes('application/json');
    const clear = `${STATE_COOKIE}=; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=0`;
    const outcome = typeof query.code === 'string' && typeof query.state === 'string' ? await this.run(req) : ({ kind: 'fail', reason: 'no code' } as const);
    if (outcome.kind !== 'success') {
      if (outcome.kind === 'fail') this.logger.warn(`Google sign-in failed: ${outcome.reason}`);
      if (wantsJson) return reply.status(401).header('set-cookie', clear).send({ statusCode: 401, message: Messages.googleLoginFailed });
      return reply.status(302).header('set-cookie', clear).header('location', '/account/login?error=google').send();
    }
    if (wantsJson) return reply.status(200).header('set-cookie', clear).send(outcome.user);
    const fragment = new URLSearchParams({ token: outcome.user.token, refresh_token: outcome.user.refresh_token });
    return reply.status(302).header('set-cookie', clear).header('cache-control', 'no-store').header('location', `/account#${fragment}`).send();
  }
}

/**
 * Without GOOGLE_CLIENT_ID the sign-in pages hide the Google button; an old link or bookmark to
 * these routes still ends on the login page with "Google Login Failed", never on a JSON 404.
 */
@ApiTags('accounts')
@Controller('auth/google')
export class GoogleOffController {
  @Get()
  @ApiOperation({ summary: 'Google sign-in is not configured: 302 to the login page with the error' })
  start(@Res() reply: FastifyReply) {
    return reply.status(302).header('location', '/account/login?error=google').send();
  }

  @Get('callback')
  @ApiOperation({ summary: 'Google sign-in is not configured: 302 to the login page with the error' })
  callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    if (String(req.headers.accept ?? '').includes('application/json')) return reply.status(401).send({ statusCode: 401, message: Messages.googleLoginFailed });
    return reply.status(302).header('location', '/account/login?error=google').send();
  }
}
