import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { AskService } from './ask.service';

@Controller()
export class AskHandlers {
  constructor(private readonly ask: AskService) {}

  @MessagePattern(Patterns.media.ask)
  answer(@Payload() req: RpcRequest<'media.ask'>) {
    return this.ask.ask(req);
  }
}
