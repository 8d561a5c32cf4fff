import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { DomainError, Patterns, PublishMessages, type RpcRequest } from '@visualnotes/contracts';
import { StatisticsService } from '../statistics/statistics.service';
import { PublishingService } from './publishing.service';

@Controller()
export class PublishingHandlers {
  constructor(
    private readonly publishing: PublishingService,
    private readonly statistics: StatisticsService,
  ) {}

  @MessagePattern(Patterns.publish.publish)
  publish(@Payload() req: RpcRequest<'publish.publications.publish'>) {
    return this.publishing.publish(req, req.id, req);
  }

  @MessagePattern(Patterns.publish.imageClean)
  async cleanImage(@Payload() req: RpcRequest<'publish.images.clean'>) {
    return { svg: await this.publishing.cleanImage(req.svg) };
  }

  @MessagePattern(Patterns.publish.unpublish)
  async unpublish(@Payload() req: RpcRequest<'publish.publications.unpublish'>) {
    await this.publishing.unpublish(req, req.id);
    return { ok: true as const };
  }

  @MessagePattern(Patterns.publish.publishedView)
  view(@Payload() req: RpcRequest<'publish.publications.view'>) {
    return this.publishing.view(req.public_id, req.visit, req.count !== false, req.viewer_id);
  }

  @MessagePattern(Patterns.publish.publishedMeta)
  meta(@Payload() req: RpcRequest<'publish.publications.meta'>) {
    return this.publishing.meta(req.public_id);
  }

  @MessagePattern(Patterns.publish.publishedSitemap)
  sitemap(@Payload() req: RpcRequest<'publish.publications.sitemap'>) {
    return this.publishing.sitemap(req.limit);
  }

  @MessagePattern(Patterns.publish.publishedMine)
  mine(@Payload() req: RpcRequest<'publish.publications.mine'>) {
    return this.publishing.mine(req.user_id);
  }

  /** Owner only: anyone else is told the page does not exist. */
  @MessagePattern(Patterns.publish.statistics)
  async statisticsOf(@Payload() req: RpcRequest<'publish.statistics.get'>) {
    const owner = await this.publishing.ownerOf(req.public_id);
    if (!owner || owner !== req.user_id) throw new DomainError('NOT_FOUND', PublishMessages.publishedNotFound);
    return this.statistics.get(req.public_id, req.days);
  }
}
