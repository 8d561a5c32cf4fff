import { Module } from '@nestjs/common';
import { PublishingModule } from '../publishing/publishing.module';
import { LiveHub } from '../live/live.hub';
import { ProjectsController } from './projects.controller';

/** Canvas projects: list, create, import and export, scenes and files, and their live channel. */
@Module({
  imports: [PublishingModule],
  controllers: [ProjectsController],
  providers: [LiveHub],
})
export class ProjectsModule {}
