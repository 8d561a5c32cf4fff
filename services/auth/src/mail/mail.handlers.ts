import { Controller, Inject, NotFoundException } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import type { AuthConfig } from '../config';
import { MailService } from './mail.service';

@Controller()
export class MailHandlers {
  constructor(
    private readonly mail: MailService,
    @Inject(SERVICE_CONFIG) private readonly config: AuthConfig,
  ) {}

  @MessagePattern(Patterns.auth.devOutbox)
  outbox(@Payload() data: RpcRequest<'auth.dev.outbox'>) {
    if (this.config.NODE_ENV === 'production') throw new NotFoundException('Not found');
    return this.mail.readOutbox(data?.to);
  }
}
