import { Body, Controller, Get, HttpCode, Post, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';
import { DevScopeDto } from '../auth/dto';

/**
 * Routes for test harnesses: they read every mail and make any account an operator, so they exist
 * only with TEST_ROUTES=1 (never with NODE_ENV=production; the configuration refuses it).
 */
@ApiTags('testing')
@Controller()
export class DevController {
  constructor(private readonly rpc: RpcClient) {}

  @Get('dev/outbox')
  @ApiOperation({ summary: 'Mails written to the outbox, newest first (only with TEST_ROUTES=1)' })
  outbox(@Query('to') to?: string) {
    return this.rpc.send(Patterns.auth.devOutbox, to ? { to } : {});
  }

  @Post('auth/dev/scope')
  @HttpCode(200)
  @ApiOperation({ summary: "Sets a user's scope (only with TEST_ROUTES=1)" })
  devScope(@Body() body: DevScopeDto) {
    return this.rpc.send(Patterns.auth.devSetScope, body);
  }
}
