import { Inject, Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { publicUrl, RpcClient } from '@visualnotes/common';
import { Patterns, type LoginSuccess } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { Strategy } from 'passport-google-oauth20';
import { InternalOAuthError } from 'passport-oauth2';
import { z } from 'zod';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config';
import { clientInfo } from '../client-info';
import { RedisStateStore } from './google-state.store';

/** The OpenID Connect userinfo fields sign-in uses (Google sends `email_verified` as a boolean, some providers as a string). */
const userinfo = z.object({
  sub: z.string().min(1),
  email: z.string().optional(),
  email_verified: z.union([z.boolean(), z.literal('true'), z.literal('false')]).optional(),
  name: z.string().optional(),
});

export interface GoogleAccount {
  id: string;
  email: string;
  emailVerified: boolean;
  name: string;
}

/**
 * Google sign-in as a passport strategy: authorization code with PKCE, the state kept in Redis and
 * bound to the browser by a cookie. The redirect URI is the origin plus `/account`: the front end's
 * account page hands `code` and `state` on to the callback route.
 */
@Injectable()
export class GoogleStrategy extends PassportStrategy(Strategy, 'google') {
  private readonly userinfoUrl: string;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) config: GatewayConfig,
    store: RedisStateStore,
  ) {
    super({
      clientID: config.GOOGLE_CLIENT_ID ?? '',
      clientSecret: config.GOOGLE_CLIENT_SECRET ?? '',
      callbackURL: `${publicUrl(config)}/account`,
      authorizationURL: config.GOOGLE_AUTH_URL,
      tokenURL: config.GOOGLE_TOKEN_URL,
      scope: ['openid', 'profile', 'email'],
      pkce: true,
      state: true,
      store,
      passReqToCallback: true,
    });
    this.userinfoUrl = config.GOOGLE_USERINFO_URL;
  }

  /** Asks for the userinfo with the access token in the Authorization header, never in the URL. */
  override userProfile(accessToken: string, done: (err?: unknown, profile?: GoogleAccount) => void): void {
    fetch(this.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' } })
      .then(async (res) => {
        const body: unknown = await res.json().catch(() => undefined);
        const info = userinfo.safeParse(body);
        if (!res.ok || !info.success) throw new InternalOAuthError('Failed to fetch user profile', { statusCode: res.status });
        return info.data;
      })
      .then(
        (info) =>
          done(null, {
            id: info.sub,
            email: info.email ?? '',
            emailVerified: info.email_verified === true || info.email_verified === 'true',
            name: info.name ?? '',
          }),
        (err: unknown) => done(err),
      );
  }

  validate(req: FastifyRequest, _accessToken: string, _refreshToken: string, account: GoogleAccount): Promise<LoginSuccess> {
    return this.rpc.send(Patterns.auth.googleSignIn, {
      google_id: account.id,
      email: account.email,
      email_verified: account.emailVerified,
      name: account.name,
      client: clientInfo(req),
    });
  }
}
