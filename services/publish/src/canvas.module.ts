import { Module } from '@nestjs/common';
import { CollaboratorsHandlers } from './collaborators/collaborators.handlers';
import { CollaboratorsRepository } from './collaborators/collaborators.repository';
import { CollaboratorsService } from './collaborators/collaborators.service';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { PublishConfig } from './config';
import { ExportPool, exportPoolOptions } from './exports/export-pool';
import { ExportsHandlers } from './exports/exports.handlers';
import { ExportsRepository } from './exports/exports.repository';
import { ExportsService } from './exports/exports.service';
import { ProjectsHandlers } from './projects/projects.handlers';
import { ProjectsRepository } from './projects/projects.repository';
import { ProjectsService } from './projects/projects.service';
import { PublishingHandlers } from './publishing/publishing.handlers';
import { PublishingService } from './publishing/publishing.service';
import { PublicationsRepository } from './publishing/publications.repository';
import { ScenePool, scenePoolOptions } from './projects/scene-pool';
import { SnapshotPool, snapshotPoolOptions } from './publishing/snapshot-pool';
import { SharesHandlers } from './shares/shares.handlers';
import { SharesRepository } from './shares/shares.repository';
import { SharesService } from './shares/shares.service';
import { StatisticsService } from './statistics/statistics.service';
import { StatisticsRepository } from './statistics/statistics.repository';
import { TemplatesHandlers } from './templates/templates.handlers';
import { TemplatesService } from './templates/templates.service';
import { TemplatesRepository } from './templates/templates.repository';
import { VersionsRepository } from './versions/versions.repository';
import { VersionsService } from './versions/versions.service';

/** Canvases: projects, their collaborators and version history, exports to files, publishing and its statistics, share links and the template gallery. */
@Module({
  controllers: [ProjectsHandlers, CollaboratorsHandlers, PublishingHandlers, SharesHandlers, TemplatesHandlers, ExportsHandlers],
  providers: [
    ProjectsRepository,
    ProjectsService,
    VersionsRepository,
    VersionsService,
    CollaboratorsRepository,
    CollaboratorsService,
    PublicationsRepository,
    PublishingService,
    StatisticsRepository,
    StatisticsService,
    SharesRepository,
    SharesService,
    TemplatesRepository,
    TemplatesService,
    { provide: SnapshotPool, inject: [SERVICE_CONFIG], useFactory: (config: PublishConfig) => new SnapshotPool(snapshotPoolOptions(config)) },
    ExportsRepository,
    ExportsService,
    { provide: ExportPool, inject: [SERVICE_CONFIG], useFactory: (config: PublishConfig) => new ExportPool(exportPoolOptions(config)) },
    { provide: ScenePool, inject: [SERVICE_CONFIG], useFactory: (config: PublishConfig) => new ScenePool(scenePoolOptions(config)) },
  ],
  // the repository and versions for the version.keep worker, exports for the export.render worker (processors of the service)
  exports: [ProjectsService, PublishingService, ProjectsRepository, VersionsService, ExportsService],
})
export class CanvasModule {}
