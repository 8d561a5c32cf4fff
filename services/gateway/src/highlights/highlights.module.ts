import { Module } from '@nestjs/common';
import { HighlightsController } from './highlights.controller';

/** Video highlights (media service behind them). */
@Module({ controllers: [HighlightsController] })
export class HighlightsModule {}
