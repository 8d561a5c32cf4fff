import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { AskModels } from './ask-models';

/** Model calls for questions asked in the media service: vectors of texts, answers from passages. */
@Controller()
export class AskHandlers {
  constructor(private readonly models: AskModels) {}

  @MessagePattern(Patterns.ai.embed)
  async embed(@Payload() req: RpcRequest<'ai.embed'>) {
    return { vectors: await this.models.embed(req.texts) };
  }

  @MessagePattern(Patterns.ai.answer)
  async answer(@Payload() req: RpcRequest<'ai.answer'>) {
    return { answer: await this.models.answer(req.question, req.history, req.passages) };
  }
}
