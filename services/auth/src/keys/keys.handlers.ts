import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Patterns } from '@visualnotes/contracts';
import { KeysService } from './keys.service';

@Controller()
export class KeysHandlers {
  constructor(private readonly keys: KeysService) {}

  @MessagePattern(Patterns.auth.keys)
  jwks() {
    return this.keys.jwks();
  }
}
