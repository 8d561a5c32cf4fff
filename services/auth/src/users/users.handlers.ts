import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { UsersService } from './users.service';

const ok = { ok: true as const };

@Controller()
export class UsersHandlers {
  constructor(private readonly users: UsersService) {}

  @MessagePattern(Patterns.auth.register)
  async register(@Payload() req: RpcRequest<'auth.register'>) {
    await this.users.register(req);
    return ok;
  }

  @MessagePattern(Patterns.auth.activate)
  async activate(@Payload() req: RpcRequest<'auth.activate'>) {
    await this.users.activate(req.token);
    return ok;
  }

  @MessagePattern(Patterns.auth.resendActivation)
  async resend(@Payload() req: RpcRequest<'auth.activation.resend'>) {
    await this.users.resendActivation(req.email);
    return ok;
  }

  @MessagePattern(Patterns.auth.user)
  user(@Payload() req: RpcRequest<'auth.user'>) {
    return this.users.view(req.user_id);
  }

  @MessagePattern(Patterns.auth.userByEmail)
  byEmail(@Payload() req: RpcRequest<'auth.users.byEmail'>) {
    return this.users.byEmail(req.email, req.inviter_id);
  }

  @MessagePattern(Patterns.auth.projectInvitation)
  async projectInvitation(@Payload() req: RpcRequest<'auth.mail.projectInvitation'>) {
    await this.users.sendProjectInvitation(req);
    return ok;
  }

  @MessagePattern(Patterns.auth.updateProfile)
  updateProfile(@Payload() req: RpcRequest<'auth.profile.update'>) {
    return this.users.updateProfile(req);
  }

  @MessagePattern(Patterns.auth.changeEmail)
  async changeEmail(@Payload() req: RpcRequest<'auth.email.change'>) {
    await this.users.changeEmail(req);
    return ok;
  }

  @MessagePattern(Patterns.auth.confirmEmail)
  async confirmEmail(@Payload() req: RpcRequest<'auth.email.confirm'>) {
    await this.users.confirmEmail(req.token);
    return ok;
  }

  @MessagePattern(Patterns.auth.deleteAccount)
  async deleteAccount(@Payload() req: RpcRequest<'auth.account.delete'>) {
    await this.users.deleteAccount(req);
    return ok;
  }
}
