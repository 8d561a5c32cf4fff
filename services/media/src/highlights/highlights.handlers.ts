import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { HighlightsService } from './highlights.service';

@Controller()
export class HighlightsHandlers {
  constructor(private readonly highlights: HighlightsService) {}

  @MessagePattern(Patterns.media.highlightsList)
  list(@Payload() req: RpcRequest<'media.highlights.list'>) {
    return this.highlights.list(req.owner_id, req.video_id);
  }

  @MessagePattern(Patterns.media.highlightsCreate)
  create(@Payload() req: RpcRequest<'media.highlights.create'>) {
    const { owner_id, video_id, ...body } = req;
    return this.highlights.create(owner_id, video_id, body);
  }

  @MessagePattern(Patterns.media.highlightsUpdate)
  update(@Payload() req: RpcRequest<'media.highlights.update'>) {
    const { owner_id, id, ...body } = req;
    return this.highlights.update(owner_id, id, body);
  }

  @MessagePattern(Patterns.media.highlightsDelete)
  async delete(@Payload() req: RpcRequest<'media.highlights.delete'>) {
    await this.highlights.delete(req.owner_id, req.id);
    return { ok: true as const };
  }
}
