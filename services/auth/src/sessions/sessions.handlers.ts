import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { UsersService } from '../users/users.service';
import { SessionsService } from './sessions.service';

const ok = { ok: true as const };

@Controller()
export class SessionsHandlers {
  constructor(
    private readonly sessions: SessionsService,
    private readonly users: UsersService,
  ) {}

  @MessagePattern(Patterns.auth.refresh)
  refresh(@Payload() req: RpcRequest<'auth.refresh'>) {
    return this.sessions.refresh(req.refresh_token);
  }

  @MessagePattern(Patterns.auth.logout)
  async logout(@Payload() req: RpcRequest<'auth.logout'>) {
    await this.sessions.revoke(req.session_id, req.user_id);
    return ok;
  }

  @MessagePattern(Patterns.auth.logoutAll)
  async logoutAll(@Payload() req: RpcRequest<'auth.logoutAll'>) {
    const user = await this.users.get(req.user_id);
    await this.users.checkPassword(user, req.password);
    await this.sessions.revokeAll(user.id);
    return ok;
  }
}
