import { Module } from '@nestjs/common';
import { LiveHub } from '../live/live.hub';
import { PublishedPage } from '../publishing/published-page';
import { PublishingController } from '../publishing/publishing.controller';
import { SharesController } from '../shares/shares.controller';
import { TemplatesController } from '../templates/templates.controller';
import { ProjectsController } from './projects.controller';

/** Canvas routes: projects and their live channel, publishing (API and the server-rendered `/p/:id`), share links, templates. */
@Module({
  controllers: [ProjectsController, PublishingController, SharesController, TemplatesController],
  providers: [PublishedPage, LiveHub],
})
export class CanvasModule {}
