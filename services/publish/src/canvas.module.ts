import { Module } from '@nestjs/common';
import { ProjectsHandlers } from './projects/projects.handlers';
import { ProjectsService } from './projects/projects.service';
import { PublishingHandlers } from './publishing/publishing.handlers';
import { PublishingService } from './publishing/publishing.service';
import { SharesHandlers } from './shares/shares.handlers';
import { SharesService } from './shares/shares.service';
import { StatisticsService } from './statistics/statistics.service';
import { TemplatesHandlers } from './templates/templates.handlers';
import { TemplatesService } from './templates/templates.service';

/** Canvases: projects, publishing and its statistics, share links and the template gallery. */
@Module({
  controllers: [ProjectsHandlers, PublishingHandlers, SharesHandlers, TemplatesHandlers],
  providers: [ProjectsService, PublishingService, StatisticsService, SharesService, TemplatesService],
  exports: [ProjectsService, PublishingService],
})
export class CanvasModule {}
