import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { MailService } from '../mail/mail.service';
import { UsersService } from '../users/users.service';

/**
 * For test harnesses only (registered with TEST_ROUTES=1): tests read the mails they trigger and
 * create operators. Operators use `npm run -w @visualnotes/auth scope` instead.
 */
@Controller()
export class DevHandlers {
  constructor(
    private readonly mail: MailService,
    private readonly users: UsersService,
  ) {}

  @MessagePattern(Patterns.auth.devOutbox)
  outbox(@Payload() data: RpcRequest<'auth.dev.outbox'>) {
    return this.mail.readOutbox(data.to);
  }

  @MessagePattern(Patterns.auth.devSetScope)
  async setScope(@Payload() req: RpcRequest<'auth.dev.setScope'>) {
    await this.users.setScope(req.email, req.scope);
    return { ok: true as const };
  }
}
