import { Module } from '@nestjs/common';
import { SummariesController } from './summaries.controller';

/** Document and text summaries (media and ai services behind them). */
@Module({ controllers: [SummariesController] })
export class SummariesModule {}
