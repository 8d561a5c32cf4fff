import { Module } from '@nestjs/common';
import { JobsModule } from '../jobs/jobs.module';
import { BatchesController } from './batches.controller';

/** Batches of videos: links, playlists or files, progress, retry, cancel, ZIP export (media service behind them). */
@Module({ imports: [JobsModule], controllers: [BatchesController] })
export class BatchesModule {}
