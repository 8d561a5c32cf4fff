import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { TemplatesService } from './templates.service';

@Controller()
export class TemplatesHandlers {
  constructor(private readonly templates: TemplatesService) {}

  @MessagePattern(Patterns.publish.templatesList)
  list(@Payload() req: RpcRequest<'publish.templates.list'>) {
    return this.templates.list(req.category);
  }

  @MessagePattern(Patterns.publish.templatesMine)
  mine(@Payload() req: RpcRequest<'publish.templates.mine'>) {
    return this.templates.mine(req.user_id);
  }

  @MessagePattern(Patterns.publish.templatesPending)
  pending(@Payload() req: RpcRequest<'publish.templates.pending'>) {
    return this.templates.pending(req);
  }

  @MessagePattern(Patterns.publish.templatesGet)
  get(@Payload() req: RpcRequest<'publish.templates.get'>) {
    return this.templates.get(req.id, req);
  }

  @MessagePattern(Patterns.publish.templatesSubmit)
  submit(@Payload() req: RpcRequest<'publish.templates.submit'>) {
    return this.templates.submit(req, req);
  }

  @MessagePattern(Patterns.publish.templatesUse)
  use(@Payload() req: RpcRequest<'publish.templates.use'>) {
    return this.templates.use(req, req.id, req.title);
  }

  @MessagePattern(Patterns.publish.templatesReview)
  review(@Payload() req: RpcRequest<'publish.templates.review'>) {
    return this.templates.review(req, req.id, req.decision);
  }
}
