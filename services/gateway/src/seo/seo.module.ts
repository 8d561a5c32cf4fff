import { Module } from '@nestjs/common';
import { BlogController } from '../blog/blog.controller';
import { PageMetaService } from './page-meta.service';
import { SitemapService } from './sitemap.service';

/** Blog API, head tags of the served pages, sitemap.xml and robots.txt. */
@Module({
  controllers: [BlogController],
  providers: [PageMetaService, SitemapService],
  exports: [PageMetaService, SitemapService],
})
export class SeoModule {}
