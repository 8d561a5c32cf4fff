import { Module } from '@nestjs/common';
import { VideosController } from './videos.controller';

/** Video routes (media service behind them). */
@Module({ controllers: [VideosController] })
export class VideosModule {}
