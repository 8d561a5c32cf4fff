import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { PasswordsService } from './passwords.service';

const ok = { ok: true as const };

@Controller()
export class PasswordsHandlers {
  constructor(private readonly passwords: PasswordsService) {}

  @MessagePattern(Patterns.auth.forgotPassword)
  forgot(@Payload() req: RpcRequest<'auth.password.forgot'>) {
    this.passwords.forgot(req.email);
    return ok;
  }

  @MessagePattern(Patterns.auth.resetPassword)
  async reset(@Payload() req: RpcRequest<'auth.password.reset'>) {
    await this.passwords.reset(req.token, req.password);
    return ok;
  }
}
