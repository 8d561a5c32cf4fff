import { Module } from '@nestjs/common';
import { TagsController } from './tags.controller';

/** Video library tags (media service behind them). */
@Module({ controllers: [TagsController] })
export class TagsModule {}
