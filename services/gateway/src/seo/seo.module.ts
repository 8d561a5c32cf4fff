import { Module } from '@nestjs/common';
import { PageMetaService } from './page-meta.service';
import { SitemapService } from './sitemap.service';

/** Head tags of the served pages, sitemap.xml and robots.txt. */
@Module({
  providers: [PageMetaService, SitemapService],
  exports: [PageMetaService, SitemapService],
})
export class SeoModule {}
