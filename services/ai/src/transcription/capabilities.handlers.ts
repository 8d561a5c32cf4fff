import { Controller } from '@nestjs/common';
import { MessagePattern } from '@nestjs/microservices';
import { Patterns, type AiCapabilities } from '@visualnotes/contracts';
import { AskModels } from '../ask/ask-models';
import { AsrClient } from './asr.client';

@Controller()
export class CapabilitiesHandlers {
  constructor(
    private readonly asr: AsrClient,
    private readonly ask: AskModels,
  ) {}

  @MessagePattern(Patterns.ai.capabilities)
  capabilities(): AiCapabilities {
    return { transcription: this.asr.configured, embeddings: this.ask.canEmbed };
  }
}
