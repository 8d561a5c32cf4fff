import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { TagsService } from './tags.service';

@Controller()
export class TagsHandlers {
  constructor(private readonly tags: TagsService) {}

  @MessagePattern(Patterns.media.tagsList)
  list(@Payload() req: RpcRequest<'media.tags.list'>) {
    return this.tags.list(req.owner_id);
  }

  @MessagePattern(Patterns.media.tagsCreate)
  create(@Payload() req: RpcRequest<'media.tags.create'>) {
    return this.tags.create(req.owner_id, req.name);
  }

  @MessagePattern(Patterns.media.tagsUpdate)
  update(@Payload() req: RpcRequest<'media.tags.update'>) {
    return this.tags.rename(req.owner_id, req.id, req.name);
  }

  @MessagePattern(Patterns.media.tagsDelete)
  async delete(@Payload() req: RpcRequest<'media.tags.delete'>) {
    await this.tags.delete(req.owner_id, req.id);
    return { ok: true as const };
  }
}
