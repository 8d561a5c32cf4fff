import { Controller, Get, Inject, Logger, Req, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { publicUrl } from '@visualnotes/common';
import { Messages } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../../config';
import { STATE_COOKIE, STATE_TTL_S } from './google-state.store';
import { GoogleAuthGuard } from './google.guard';

const LOGIN_ERROR = '/account/login?error=google';

/**
 * Google sign-in routes. The `google` strategy (google.strategy.ts) runs in GoogleAuthGuard, which
 * leaves its outcome on the request; these handlers turn it into the redirect or the JSON answer.
 */
@ApiTags('accounts')
@Controller('auth/google')
@UseGuards(GoogleAuthGuard)
export class GoogleController {
  private readonly logger = new Logger(GoogleController.name);
  private readonly secure: boolean;

  constructor(@Inject(GATEWAY_CONFIG) config: GatewayConfig) {
    this.secure = publicUrl(config).startsWith('https:');
  }

  @Get()
  @ApiOperation({ summary: "Redirects to Google with a stored state; `?nonce=` (the page's random value) comes back beside the tokens" })
  start(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = req.googleSignIn;
    if (outcome?.kind !== 'redirect') {
      this.logger.warn(`Google sign-in could not start: ${outcome?.kind === 'fail' ? outcome.reason : (outcome?.kind ?? 'no outcome')}`);
      return reply.status(302).header('location', LOGIN_ERROR).send();
    }
    const secure = this.secure ? '; Secure' : '';
    return reply
      .status(302)
      .header('set-cookie', `${STATE_COOKIE}=${outcome.nonce}; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=${STATE_TTL_S}${secure}`)
      .header('location', outcome.url)
      .send();
  }

  @Get('callback')
  @ApiOperation({ summary: 'Completes Google sign-in: 302 to /account with the tokens (and the start nonce) in the fragment (JSON when asked)' })
  callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    const outcome = req.googleSignIn;
    const wantsJson = String(req.headers.accept ?? '').includes('application/json');
    const clear = `${STATE_COOKIE}=; Path=/api/auth/google; HttpOnly; SameSite=Lax; Max-Age=0`;
    if (outcome?.kind !== 'success') {
      if (outcome?.kind === 'fail') this.logger.warn(`Google sign-in failed: ${outcome.reason}`);
      if (wantsJson) return reply.status(401).header('set-cookie', clear).send({ statusCode: 401, message: Messages.googleLoginFailed });
      return reply.status(302).header('set-cookie', clear).header('location', LOGIN_ERROR).send();
    }
    if (wantsJson) return reply.status(200).header('set-cookie', clear).send(outcome.user);
    // the page takes tokens from a fragment only beside the nonce it started this sign-in with: anyone can link to /account#token=…
    const fragment = new URLSearchParams({ token: outcome.user.token, refresh_token: outcome.user.refresh_token });
    if (outcome.pageNonce) fragment.set('nonce', outcome.pageNonce);
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
    return reply.status(302).header('location', LOGIN_ERROR).send();
  }

  @Get('callback')
  @ApiOperation({ summary: 'Google sign-in is not configured: 302 to the login page with the error' })
  callback(@Req() req: FastifyRequest, @Res() reply: FastifyReply) {
    if (String(req.headers.accept ?? '').includes('application/json')) return reply.status(401).send({ statusCode: 401, message: Messages.googleLoginFailed });
    return reply.status(302).header('location', LOGIN_ERROR).send();
  }
}
