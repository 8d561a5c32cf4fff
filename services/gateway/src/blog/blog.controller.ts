import { Controller, Get, Inject, NotFoundException, Param, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { publicUrl, RpcClient } from '@visualnotes/common';
import { BlogMessages, Patterns } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { buildRss } from '../seo/rss';
import { BlogArticleQueryDto, BlogListQueryDto } from './dto';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

@ApiTags('blog')
@Controller('blog')
export class BlogController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @ApiOperation({ summary: 'Articles in one language, newest first' })
  list(@Query() query: BlogListQueryDto) {
    return this.rpc.send(Patterns.publish.blogList, { lang: query.lang });
  }

  @Get('rss.xml')
  @ApiOperation({ summary: 'RSS 2.0 feed of the articles in one language' })
  async rss(@Query() query: BlogListQueryDto, @Res() reply: FastifyReply) {
    const articles = await this.rpc.send(Patterns.publish.blogList, { lang: query.lang });
    const xml = buildRss(publicUrl(this.config), query.lang, articles);
    return reply.header('content-type', 'application/rss+xml; charset=utf-8').header('cache-control', 'public, max-age=600').send(xml);
  }

  @Get(':slug')
  @ApiOperation({ summary: 'One article, rendered to sanitised HTML' })
  get(@Param('slug') slug: string, @Query() query: BlogArticleQueryDto) {
    if (!SLUG.test(slug) || slug.length > 120) throw new NotFoundException(BlogMessages.articleNotFound);
    return this.rpc.send(Patterns.publish.blogGet, { slug, lang: query.lang });
  }
}
