import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { BatchesService } from './batches.service';

@Controller()
export class BatchesHandlers {
  constructor(private readonly batches: BatchesService) {}

  @MessagePattern(Patterns.media.batchesCreate)
  create(@Payload() req: RpcRequest<'media.batches.create'>) {
    return this.batches.create(req);
  }

  @MessagePattern(Patterns.media.batchesList)
  list(@Payload() req: RpcRequest<'media.batches.list'>) {
    return this.batches.list(req.owner_id);
  }

  @MessagePattern(Patterns.media.batchesGet)
  get(@Payload() req: RpcRequest<'media.batches.get'>) {
    return this.batches.get(req.owner_id, req.id);
  }

  @MessagePattern(Patterns.media.batchesRetry)
  retry(@Payload() req: RpcRequest<'media.batches.retry'>) {
    return this.batches.retry(req.owner_id, req.id);
  }

  @MessagePattern(Patterns.media.batchesCancel)
  cancel(@Payload() req: RpcRequest<'media.batches.cancel'>) {
    return this.batches.cancel(req.owner_id, req.id);
  }
}
