import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { Highlight } from '../highlights/highlight.entity';
import { HighlightsHandlers } from '../highlights/highlights.handlers';
import { HighlightsRepository } from '../highlights/highlights.repository';
import { HighlightsService } from '../highlights/highlights.service';
import { Tag } from '../tags/tag.entity';
import { TagsHandlers } from '../tags/tags.handlers';
import { TagsRepository } from '../tags/tags.repository';
import { TagsService } from '../tags/tags.service';
import { UploadsModule } from '../uploads/uploads.module';
import { UsageService } from '../usage/usage.service';
import { YoutubeClient } from '../youtube/youtube.client';
import { Video } from './video.entity';
import { VideosHandlers } from './videos.handlers';
import { VideosRepository } from './videos.repository';
import { VideosService } from './videos.service';

export const videoEntities = [Video, Tag, Highlight];

/** The video library: videos, tags, highlights, imports and allowances. */
@Module({
  imports: [TypeOrmModule.forFeature(videoEntities), UploadsModule],
  controllers: [VideosHandlers, TagsHandlers, HighlightsHandlers],
  providers: [VideosRepository, VideosService, TagsRepository, TagsService, HighlightsRepository, HighlightsService, UsageService, YoutubeClient],
  exports: [VideosRepository, VideosService, YoutubeClient, TypeOrmModule],
})
export class VideosModule {}
