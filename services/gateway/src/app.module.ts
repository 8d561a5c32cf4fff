import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BASE_CONFIG, createStorage, RpcModule, STORAGE } from '@visualnotes/common';
import { AdminModule } from './admin/admin.module';
import { AskModule } from './ask/ask.module';
import { AuthModule } from './auth/auth.module';
import { BatchesModule } from './batches/batches.module';
import { BlogModule } from './blog/blog.module';
import { CapabilitiesModule } from './capabilities/capabilities.module';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { DevModule } from './dev/dev.module';
import { ExportsModule } from './exports/exports.module';
import { HealthModule } from './health/health.module';
import { HighlightsModule } from './highlights/highlights.module';
import { JobsModule } from './jobs/jobs.module';
import { LicensesModule } from './licenses/licenses.module';
import { ObservabilityModule } from './observability/observability.module';
import { QueueRegistryModule } from './queues/queue-registry';
import { ProjectsModule } from './projects/projects.module';
import { PublishingModule } from './publishing/publishing.module';
import { SeoModule } from './seo/seo.module';
import { SharesModule } from './shares/shares.module';
import { SummariesModule } from './summaries/summaries.module';
import { TagsModule } from './tags/tags.module';
import { TemplatesModule } from './templates/templates.module';
import { UploadsModule } from './uploads/uploads.module';
import { VideosModule } from './videos/videos.module';

@Global()
@Module({})
class GatewayConfigModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: GatewayConfigModule,
      providers: [
        { provide: BASE_CONFIG, useValue: config },
        { provide: GATEWAY_CONFIG, useValue: config },
        { provide: STORAGE, useFactory: () => createStorage(config) },
      ],
      exports: [BASE_CONFIG, GATEWAY_CONFIG, STORAGE],
    };
  }
}

@Module({})
export class AppModule {
  static forRoot(config: GatewayConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        GatewayConfigModule.forRoot(config),
        RpcModule,
        QueueRegistryModule,
        AuthModule.forRoot(config),
        HealthModule,
        CapabilitiesModule,
        JobsModule,
        VideosModule,
        ExportsModule,
        TagsModule,
        HighlightsModule,
        BatchesModule,
        UploadsModule,
        SummariesModule,
        AskModule,
        ProjectsModule,
        PublishingModule,
        SharesModule,
        TemplatesModule,
        LicensesModule,
        BlogModule,
        SeoModule,
        ObservabilityModule,
        AdminModule,
        // the outbox and scope routes exist only for test harnesses (TEST_ROUTES=1)
        ...(config.TEST_ROUTES ? [DevModule] : []),
      ],
    };
  }
}
