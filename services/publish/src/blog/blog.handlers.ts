import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { BlogService } from './blog.service';

@Controller()
export class BlogHandlers {
  constructor(private readonly blog: BlogService) {}

  @MessagePattern(Patterns.publish.blogList)
  list(@Payload() req: RpcRequest<'publish.blog.list'>) {
    return this.blog.list(req.lang);
  }

  @MessagePattern(Patterns.publish.blogGet)
  get(@Payload() req: RpcRequest<'publish.blog.get'>) {
    return this.blog.get(req.slug, req.lang);
  }

  @MessagePattern(Patterns.publish.blogIndex)
  index() {
    return this.blog.index();
  }
}
