import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { UploadsService } from './uploads.service';

@Controller()
export class UploadsHandlers {
  constructor(private readonly uploads: UploadsService) {}

  @MessagePattern(Patterns.media.uploadRegister)
  register(@Payload() req: RpcRequest<'media.uploads.register'>) {
    return this.uploads.register(req);
  }

  @MessagePattern(Patterns.media.uploadDiscard)
  discard(@Payload() req: RpcRequest<'media.uploads.discard'>) {
    return this.uploads.discard(req.ownerId, req.fileIds);
  }

  @MessagePattern(Patterns.media.uploadGet)
  get(@Payload() req: RpcRequest<'media.uploads.get'>) {
    return this.uploads.get(req.fileId, req.ownerId ?? null);
  }
}
