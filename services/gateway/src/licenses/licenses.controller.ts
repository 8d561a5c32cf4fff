import { Body, Controller, Delete, Get, Headers, HttpCode, Param, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { DomainError, Patterns, type LicenseCaller } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import { clientInfo } from '../auth/client-info';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { ActivateLicenseDto, CheckoutDto, LicenseUserDto, RedeemCodeDto, ResumeLicenseDto } from './dto';

function caller(user: AuthUser, req?: FastifyRequest): LicenseCaller {
  return { user_id: user.id, email: user.email, scope: user.scope, ...(req ? { ip: clientInfo(req).ip } : {}) };
}

/** Licenses and plans routes; every rule lives in the license service. */
@ApiTags('licenses')
@Controller()
export class LicensesController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('plans')
  @ApiOperation({ summary: 'Plans, tiers and prices shown on /pricing' })
  plans() {
    return this.rpc.send(Patterns.license.plans, {});
  }

  @Get('entitlements')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  entitlements(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.license.view, caller(user));
  }

  @Get('referral')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The referral code and link, invited friends and whether the unlock is reached' })
  referral(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.license.referral, { user_id: user.id });
  }

  @Get('referral/:code')
  @ApiOperation({ summary: "Whether an invitation link's referral code is an account's code: {valid}" })
  referralCheck(@Param('code') code: string) {
    // The codes are kept with the accounts.
    return this.rpc.send(Patterns.auth.referralCheck, { code });
  }

  @Get('licenses')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  list(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.license.list, caller(user));
  }

  @Get('licenses/public-key')
  @ApiOperation({ summary: 'The Ed25519 public key that verifies activation tokens offline' })
  publicKey() {
    return this.rpc.send(Patterns.license.publicKey, {});
  }

  @Post('licenses/activate')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Activates a device: answers the license, the device and a signed activation token' })
  activate(@CurrentUser() user: AuthUser, @Body() body: ActivateLicenseDto, @Req() req: FastifyRequest) {
    return this.rpc.send(Patterns.license.activate, {
      ...caller(user, req),
      key: body.key,
      fingerprint: body.fingerprint,
      device: { name: body.device?.name ?? '', os: body.device?.os ?? '' },
    });
  }

  @Post('licenses/checkout')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'A Stripe Checkout page for a plan (503 when online payment is not configured)' })
  checkout(@CurrentUser() user: AuthUser, @Body() body: CheckoutDto) {
    return this.rpc.send(Patterns.license.checkout, { ...caller(user), ...body });
  }

  @Post('licenses/redeem')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Redeems a deal-site code for a lifetime license (/account/appsumo)' })
  redeem(@CurrentUser() user: AuthUser, @Body() body: RedeemCodeDto, @Req() req: FastifyRequest) {
    return this.rpc.send(Patterns.license.redeem, { ...caller(user, req), code: body.code });
  }

  @Delete('licenses/:id/devices/:device_id')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  removeDevice(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('device_id') deviceId: string) {
    return this.rpc.send(Patterns.license.removeDevice, { ...caller(user), license_id: id, device_id: deviceId });
  }

  @Post('licenses/:id/users')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  addUser(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: LicenseUserDto) {
    return this.rpc.send(Patterns.license.addUser, { ...caller(user), license_id: id, user_email: body.email });
  }

  @Delete('licenses/:id/users/:email')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  removeUser(@CurrentUser() user: AuthUser, @Param('id') id: string, @Param('email') email: string) {
    return this.rpc.send(Patterns.license.removeUser, { ...caller(user), license_id: id, user_email: email });
  }

  @Post('licenses/:id/unsubscribe')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  unsubscribe(@CurrentUser() user: AuthUser, @Param('id') id: string) {
    return this.rpc.send(Patterns.license.unsubscribe, { ...caller(user), license_id: id });
  }

  @Post('licenses/:id/resume')
  @HttpCode(200)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  resume(@CurrentUser() user: AuthUser, @Param('id') id: string, @Body() body: ResumeLicenseDto) {
    return this.rpc.send(Patterns.license.resume, { ...caller(user), license_id: id, billing: body.billing });
  }

  /** Stripe calls this; the signature covers the exact bytes received. */
  @Post('stripe/webhook')
  @HttpCode(200)
  @ApiOperation({ summary: 'Stripe webhook (signed; replays are ignored)' })
  webhook(@Req() req: FastifyRequest & { rawBody?: Buffer }, @Headers('stripe-signature') signature?: string) {
    if (!req.rawBody || !signature) throw new DomainError('WEBHOOK_SIGNATURE_INVALID');
    return this.rpc.send(Patterns.license.stripeWebhook, { payload: req.rawBody.toString('utf8'), signature });
  }
}
