import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module';
import { UsageService } from '../usage/usage.service';
import { VideosModule } from '../videos/videos.module';
import { Batch, BatchItem } from './batch.entity';
import { BatchesHandlers } from './batches.handlers';
import { BatchesRepository } from './batches.repository';
import { BatchesService } from './batches.service';

export const batchEntities = [Batch, BatchItem];

/** Batches of videos: rows in the media schema, each item imported as an ordinary video. */
@Module({
  imports: [TypeOrmModule.forFeature(batchEntities), VideosModule, UploadsModule],
  controllers: [BatchesHandlers],
  providers: [BatchesRepository, BatchesService, UsageService],
  exports: [BatchesService],
})
export class BatchesModule {}
