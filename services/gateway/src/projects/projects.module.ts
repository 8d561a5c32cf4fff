import { Module } from '@nestjs/common';
import { PublishingModule } from '../publishing/publishing.module';
import { LiveHub } from '../live/live.hub';
import { IMPORT_POOL_OPTIONS, ImportPool } from './import-pool';
import { ProjectsController } from './projects.controller';

/** Canvas projects: list, create, import and export, scenes and files, and their live channel. */
@Module({
  imports: [PublishingModule],
  controllers: [ProjectsController],
  providers: [LiveHub, { provide: ImportPool, useFactory: () => new ImportPool(IMPORT_POOL_OPTIONS) }],
})
export class ProjectsModule {}
