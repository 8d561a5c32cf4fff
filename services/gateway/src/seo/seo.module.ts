import { Module } from '@nestjs/common';
import { PageDrawer } from './page-drawer';
import { PageMetaService } from './page-meta.service';
import { SitemapService } from './sitemap.service';

/** Head tags of the served pages, pages drawn with their data, sitemap.xml and robots.txt. */
@Module({
  providers: [PageMetaService, PageDrawer, SitemapService],
  exports: [PageMetaService, PageDrawer, SitemapService],
})
export class SeoModule {}
