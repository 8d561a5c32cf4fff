import { Module } from '@nestjs/common';
import { PublishingModule } from '../publishing/publishing.module';
import { ProjectsController } from './projects.controller';

/** Canvas projects: list, create, import and export, scenes and files. */
@Module({
  imports: [PublishingModule],
  controllers: [ProjectsController],
})
export class ProjectsModule {}
