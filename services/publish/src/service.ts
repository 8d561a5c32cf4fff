import type { ServiceDefinition } from '@visualnotes/common';
import { AccountDataRepository } from './account-events/account-data.repository';
import { AccountEventsProcessor } from './account-events/account-events.processor';
import { BlogModule } from './blog/blog.module';
import { CanvasModule } from './canvas.module';
import { publishEnvSchema } from './config';
import { Canvas1764000000000 } from './migrations/1764000000000-Canvas';
import { Collaboration1765000000000 } from './migrations/1765000000000-Collaboration';
import { Exports1765040000000 } from './migrations/1765040000000-Exports';
import { ExportRecord } from './exports/export.entity';
import { ExportsProcessor } from './exports/exports.processor';
import { VersionEditors1765050000000 } from './migrations/1765050000000-VersionEditors';
import { PublishedDownloads1765060000000 } from './migrations/1765060000000-PublishedDownloads';
import { SceneChanges1765070000000 } from './migrations/1765070000000-SceneChanges';
import { ProjectMember, ProjectRecord } from './projects/project.entity';
import { Publication } from './publishing/publication.entity';
import { Share } from './shares/share.entity';
import { DailySalt, ViewDay, ViewReferrer } from './statistics/statistics.entities';
import { TemplateRow } from './templates/template.entity';
import { ProjectVersionRecord } from './versions/project-version.entity';
import { VersionsProcessor } from './versions/versions.processor';

export const publishService: ServiceDefinition<typeof publishEnvSchema> = {
  service: 'publish',
  envSchema: publishEnvSchema,
  entities: [ProjectRecord, ProjectMember, ProjectVersionRecord, Publication, Share, ViewDay, ViewReferrer, DailySalt, TemplateRow, ExportRecord],
  migrations: [
    Canvas1764000000000,
    Collaboration1765000000000,
    Exports1765040000000,
    VersionEditors1765050000000,
    PublishedDownloads1765060000000,
    SceneChanges1765070000000,
  ],
  imports: [BlogModule, CanvasModule],
  processors: [AccountEventsProcessor, VersionsProcessor, ExportsProcessor],
  providers: [AccountDataRepository],
};
