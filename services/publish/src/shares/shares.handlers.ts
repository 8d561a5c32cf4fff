import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { SharesService } from './shares.service';

@Controller()
export class SharesHandlers {
  constructor(private readonly shares: SharesService) {}

  @MessagePattern(Patterns.publish.shareCreate)
  create(@Payload() req: RpcRequest<'publish.shares.create'>) {
    return this.shares.create(req.user_id, req.id);
  }

  @MessagePattern(Patterns.publish.shareList)
  list(@Payload() req: RpcRequest<'publish.shares.list'>) {
    return this.shares.list(req.user_id, req.id);
  }

  @MessagePattern(Patterns.publish.shareGet)
  get(@Payload() req: RpcRequest<'publish.shares.get'>) {
    return this.shares.get(req.share_id);
  }

  @MessagePattern(Patterns.publish.shareRevoke)
  async revoke(@Payload() req: RpcRequest<'publish.shares.revoke'>) {
    await this.shares.revoke(req.user_id, req);
    return { ok: true as const };
  }
}
