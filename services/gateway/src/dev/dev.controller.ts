import { Controller, Get, Inject, NotFoundException, Query } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { BASE_CONFIG, RpcClient, type BaseConfig } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';

@ApiTags('development')
@Controller('dev')
export class DevController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(BASE_CONFIG) private readonly config: BaseConfig,
  ) {}

  @Get('outbox')
  @ApiOperation({ summary: 'Mails written to the development outbox, newest first (development and test only)' })
  outbox(@Query('to') to?: string) {
    if (this.config.NODE_ENV === 'production') throw new NotFoundException('Not found');
    return this.rpc.send(Patterns.auth.devOutbox, to ? { to } : {});
  }
}
