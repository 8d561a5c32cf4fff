import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { VideosService } from './videos.service';

@Controller()
export class VideosHandlers {
  constructor(private readonly videos: VideosService) {}

  @MessagePattern(Patterns.media.videosCreate)
  create(@Payload() req: RpcRequest<'media.videos.create'>) {
    return this.videos.create(req);
  }

  @MessagePattern(Patterns.media.videosList)
  list(@Payload() req: RpcRequest<'media.videos.list'>) {
    return this.videos.list(req);
  }

  @MessagePattern(Patterns.media.videosGet)
  get(@Payload() req: RpcRequest<'media.videos.get'>) {
    return this.videos.get(req, req.id);
  }

  @MessagePattern(Patterns.media.videosUpdate)
  update(@Payload() req: RpcRequest<'media.videos.update'>) {
    return this.videos.update(req);
  }

  @MessagePattern(Patterns.media.videosDelete)
  async delete(@Payload() req: RpcRequest<'media.videos.delete'>) {
    await this.videos.delete(req.owner_id, req.id);
    return { ok: true as const };
  }

  @MessagePattern(Patterns.media.videosTranscript)
  transcript(@Payload() req: RpcRequest<'media.videos.transcript'>) {
    return this.videos.transcript(req.video_id);
  }

  @MessagePattern(Patterns.media.videosRegenerate)
  regenerate(@Payload() req: RpcRequest<'media.videos.regenerate'>) {
    return this.videos.regenerate(req);
  }

  @MessagePattern(Patterns.media.videosCorrectLine)
  correctLine(@Payload() req: RpcRequest<'media.videos.correct-line'>) {
    return this.videos.correctLine(req);
  }

  @MessagePattern(Patterns.media.videosProgress)
  async progress(@Payload() req: RpcRequest<'media.videos.progress'>) {
    await this.videos.progress(req.video_id, req.done, req.total);
    return { ok: true as const };
  }
}
