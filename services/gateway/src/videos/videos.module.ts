import { Module } from '@nestjs/common';
import { HighlightsController } from '../highlights/highlights.controller';
import { TagsController } from '../tags/tags.controller';
import { VideosController } from './videos.controller';

/** Videos, tags and highlights routes (media service behind them). */
@Module({ controllers: [VideosController, TagsController, HighlightsController] })
export class VideosModule {}
