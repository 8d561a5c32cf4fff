import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { SessionsService } from '../sessions/sessions.service';
import { UsersService } from '../users/users.service';

/** The gateway did the OAuth exchange with Google; here the account is found, linked or created. */
@Controller()
export class GoogleHandlers {
  constructor(
    private readonly users: UsersService,
    private readonly sessions: SessionsService,
  ) {}

  @MessagePattern(Patterns.auth.googleSignIn)
  async signIn(@Payload() req: RpcRequest<'auth.google.signIn'>) {
    const user = await this.users.fromGoogle(req);
    return this.sessions.start(user, req.client);
  }
}
