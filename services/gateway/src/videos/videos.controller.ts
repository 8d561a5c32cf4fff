import { Body, Controller, Delete, Get, HttpCode, Inject, Param, Patch, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import {
  correctTranscriptLineSchema,
  createHighlightSchema,
  createVideoSchema,
  DomainError,
  listVideosQuerySchema,
  Patterns,
  regenerateSummarySchema,
  updateVideoSchema,
} from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { AuthGuard, OptionalAuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { videoCaller } from './caller';

export class CreateVideoDto extends createZodDto(createVideoSchema) {}
export class UpdateVideoDto extends createZodDto(updateVideoSchema) {}
export class CreateHighlightDto extends createZodDto(createHighlightSchema) {}
export class RegenerateSummaryDto extends createZodDto(regenerateSummarySchema) {}
export class CorrectTranscriptLineDto extends createZodDto(correctTranscriptLineSchema) {}

/** Videos routes; rules live in the media service. */
@ApiTags('videos')
@Controller('videos')
export class VideosController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Post()
  @HttpCode(202)
  @UseGuards(OptionalAuthGuard)
  @ApiHeader({ name: 'X-Fingerprint', required: false, description: 'Device fingerprint of a visitor' })
  @ApiOperation({ summary: 'Import a video by link or uploaded file; answers the video and the job that processes it' })
  create(@Body() body: CreateVideoDto, @Req() req: FastifyRequest, @CurrentUser() user?: AuthUser) {
    return this.rpc.send(Patterns.media.videosCreate, { ...videoCaller(req, user), ...body });
  }

  @Get()
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: "The signed-in user's library; filter by favorite, tag and text (titles and transcripts)" })
  list(@Query() query: Record<string, string>, @CurrentUser() user: AuthUser) {
    const parsed = listVideosQuerySchema.safeParse(query);
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message);
    const { favorite, tag, q } = parsed.data;
    return this.rpc.send(Patterns.media.videosList, {
      owner_id: user.id,
      favorite: favorite === undefined ? undefined : favorite === 'true',
      tag: tag || undefined,
      q: q || undefined,
    });
  }

  @Get(':id')
  @UseGuards(OptionalAuthGuard)
  get(@Param('id') id: string, @Req() req: FastifyRequest, @CurrentUser() user?: AuthUser) {
    return this.rpc.send(Patterns.media.videosGet, { ...videoCaller(req, user), id });
  }

  @Get(':id/media')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'The uploaded video or audio file of a video, for playback' })
  async media(@Param('id') id: string, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const video = await this.rpc.send(Patterns.media.videosGet, { owner_id: user.id, id });
    if (!video.file_id || !video.media_url) throw new DomainError('NOT_FOUND', 'This video has no uploaded file');
    const file = await this.rpc.send(Patterns.media.uploadGet, { fileId: video.file_id, ownerId: user.id });
    const stream = await this.storage.get(file.storage_key);
    return reply
      .header('content-type', file.content_type)
      .header('content-length', String(file.size))
      .header('cache-control', 'private, max-age=3600')
      .send(stream);
  }

  @Patch(':id')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  update(@Param('id') id: string, @Body() body: UpdateVideoDto, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.videosUpdate, { owner_id: user.id, id, ...body });
  }

  @Delete(':id')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  async delete(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    await this.rpc.send(Patterns.media.videosDelete, { owner_id: user.id, id });
  }

  @Post(':id/summary')
  @HttpCode(202)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Write the summary again from the transcript as it is now, at a length (brief, standard, detailed); answers the video and its job' })
  regenerate(@Param('id') id: string, @Body() body: RegenerateSummaryDto, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.videosRegenerate, { owner_id: user.id, id, ...body });
  }

  @Patch(':id/transcript/:index')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Correct the text of one transcript line (0-based index); answers the video' })
  correctLine(@Param('id') id: string, @Param('index') index: string, @Body() body: CorrectTranscriptLineDto, @CurrentUser() user: AuthUser) {
    if (!/^\d{1,7}$/.test(index)) throw new DomainError('NOT_FOUND', 'Transcript line not found');
    return this.rpc.send(Patterns.media.videosCorrectLine, { owner_id: user.id, id, index: Number(index), text: body.text });
  }

  @Get(':id/highlights')
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  highlights(@Param('id') id: string, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.highlightsList, { owner_id: user.id, video_id: id });
  }

  @Post(':id/highlights')
  @HttpCode(201)
  @UseGuards(AuthGuard)
  @ApiBearerAuth()
  addHighlight(@Param('id') id: string, @Body() body: CreateHighlightDto, @CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.media.highlightsCreate, { owner_id: user.id, video_id: id, ...body });
  }
}
