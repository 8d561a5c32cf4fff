import { Global, Module, type DynamicModule } from '@nestjs/common';
import { BASE_CONFIG, createStorage, RpcModule, STORAGE } from '@visualnotes/common';
import { AdminModule } from './admin/admin.module';
import { AuthModule } from './auth/auth.module';
import { BatchesController } from './batches/batches.controller';
import { CapabilitiesController } from './capabilities/capabilities.controller';
import { SummariesController } from './summaries/summaries.controller';
import { GATEWAY_CONFIG, type GatewayConfig } from './config';
import { DevController } from './dev/dev.controller';
import { HealthController } from './health/health.controller';
import { JobsController } from './jobs/jobs.controller';
import { JobsService } from './jobs/jobs.service';
import { SeoModule } from './seo/seo.module';
import { LicensesModule } from './licenses/licenses.module';
import { ObservabilityModule } from './observability/observability.module';
import { ProjectsModule } from './projects/projects.module';
import { PublishingModule } from './publishing/publishing.module';
import { SharesModule } from './shares/shares.module';
import { TemplatesModule } from './templates/templates.module';
import { UploadsController } from './uploads/uploads.controller';
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
        AuthModule.forRoot(config),
        VideosModule,
        ProjectsModule,
        PublishingModule,
        SharesModule,
        TemplatesModule,
        LicensesModule,
        SeoModule,
        ObservabilityModule,
        AdminModule,
      ],
      // the outbox and scope routes exist only for test harnesses (TEST_ROUTES=1)
      controllers: [
        HealthController,
        CapabilitiesController,
        JobsController,
        BatchesController,
        UploadsController,
        SummariesController,
        ...(config.TEST_ROUTES ? [DevController] : []),
      ],
      providers: [JobsService],
    };
  }
}
