import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { LoginService } from './login.service';

@Controller()
export class LoginHandlers {
  constructor(private readonly login: LoginService) {}

  @MessagePattern(Patterns.auth.login)
  logIn(@Payload() req: RpcRequest<'auth.login'>) {
    return this.login.login(req);
  }

  @MessagePattern(Patterns.auth.loginSecurityCode)
  securityCode(@Payload() req: RpcRequest<'auth.login.securityCode'>) {
    return this.login.securityCode(req);
  }
}
