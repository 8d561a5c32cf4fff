import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Patterns, type AiCapabilities } from '@visualnotes/contracts';
import { AsrClient } from './asr.client';

@Controller()
export class CapabilitiesHandlers {
  constructor(private readonly asr: AsrClient) {}

  @MessagePattern(Patterns.ai.capabilities)
  capabilities(): AiCapabilities {
    return { transcription: this.asr.configured };
  }
}
