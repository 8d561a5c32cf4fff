import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, type PublicUser } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard } from './auth.guard';
import { clientInfo } from './client-info';
import { RevokedSessions } from './revoked-sessions';
import { CurrentUser, type AuthUser } from './current-user.decorator';
import {
  ActivateDto,
  ChangeEmailDto,
  ConfirmEmailDto,
  DeleteAccountDto,
  ForgotPasswordDto,
  LoginDto,
  LogoutAllDto,
  RefreshDto,
  RegisterDto,
  ResendActivationDto,
  ResetPasswordDto,
  SecurityCodeDto,
  UpdateProfileDto,
} from './dto';

/** The longest access-token lifetime the auth service can be configured with. */
const MAX_ACCESS_TOKEN_TTL_MS = 3_600_000;

/** Accounts routes: shape checks here, every rule in the auth service. */
@ApiTags('accounts')
@Controller('auth')
export class AccountsController {
  constructor(
    private readonly rpc: RpcClient,
    private readonly revoked: RevokedSessions,
  ) {}

  @Post('register')
  @HttpCode(201)
  @ApiOperation({ summary: 'Creates an account and mails its activation link' })
  register(@Body() body: RegisterDto) {
    return this.rpc.send(Patterns.auth.register, body);
  }

  @Post('activate')
  @HttpCode(200)
  activate(@Body() body: ActivateDto) {
    return this.rpc.send(Patterns.auth.activate, body);
  }

  @Post('activation/resend')
  @HttpCode(202)
  resendActivation(@Body() body: ResendActivationDto) {
    return this.rpc.send(Patterns.auth.resendActivation, body);
  }

  @Post('login')
  @HttpCode(200)
  @ApiOperation({ summary: 'Tokens, or `security_code_required` with a challenge for a device not seen before' })
  login(@Body() body: LoginDto, @Req() req: FastifyRequest) {
    return this.rpc.send(Patterns.auth.login, { ...body, client: clientInfo(req) });
  }

  @Post('login/security-code')
  @HttpCode(200)
  securityCode(@Body() body: SecurityCodeDto, @Req() req: FastifyRequest) {
    return this.rpc.send(Patterns.auth.loginSecurityCode, { ...body, client: clientInfo(req) });
  }

  @Post('refresh')
  @HttpCode(200)
  refresh(@Body() body: RefreshDto) {
    return this.rpc.send(Patterns.auth.refresh, body);
  }

  @Get('user')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary: 'The signed-in user, read from the verified token; read from the account when its e-mail or name changed after the token was issued',
  })
  async user(@CurrentUser() user: AuthUser): Promise<{ user: PublicUser }> {
    // Every copy hears of an account change within a second (the stream the revocations come on).
    if (!user.createdAt || this.revoked.changedSince(user.id, user.issuedAt)) return this.rpc.send(Patterns.auth.user, { user_id: user.id });
    return {
      user: { id: user.id, name: user.name, email: user.email, scope: user.scope, plan: user.plan, locale: user.locale, created_at: user.createdAt },
    };
  }

  @Post('logout')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  async logout(@CurrentUser() user: AuthUser) {
    await this.rpc.send(Patterns.auth.logout, { user_id: user.id, session_id: user.sessionId });
    // refused here at once; other copies learn it from the auth service within a second
    this.revoked.add(user.sessionId, Date.now() + MAX_ACCESS_TOKEN_TTL_MS);
  }

  @Post('logout-all')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  async logoutAll(@CurrentUser() user: AuthUser, @Body() body: LogoutAllDto) {
    await this.rpc.send(Patterns.auth.logoutAll, { user_id: user.id, password: body.password });
  }

  @Post('password/forgot')
  @HttpCode(202)
  forgot(@Body() body: ForgotPasswordDto) {
    return this.rpc.send(Patterns.auth.forgotPassword, body);
  }

  @Post('password/reset')
  @HttpCode(200)
  reset(@Body() body: ResetPasswordDto) {
    return this.rpc.send(Patterns.auth.resetPassword, body);
  }

  @Patch('profile')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  updateProfile(@CurrentUser() user: AuthUser, @Body() body: UpdateProfileDto) {
    return this.rpc.send(Patterns.auth.updateProfile, { user_id: user.id, ...body });
  }

  @Put('email')
  @HttpCode(202)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({
    summary:
      'Mails a confirmation link to the new address; 202 whether or not the address has an account (a taken one gets only a notice). At most EMAIL_CHANGE_MAX (3) requests an hour, then 429',
  })
  changeEmail(@CurrentUser() user: AuthUser, @Body() body: ChangeEmailDto) {
    return this.rpc.send(Patterns.auth.changeEmail, { user_id: user.id, ...body });
  }

  @Post('email/confirm')
  @HttpCode(200)
  confirmEmail(@Body() body: ConfirmEmailDto) {
    return this.rpc.send(Patterns.auth.confirmEmail, body);
  }

  @Delete('account')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  async deleteAccount(@CurrentUser() user: AuthUser, @Body() body: DeleteAccountDto) {
    await this.rpc.send(Patterns.auth.deleteAccount, { user_id: user.id, ...body });
  }
}
