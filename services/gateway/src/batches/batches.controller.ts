import { Controller, Delete, Get, HttpCode, Inject, Logger, Param, Post, Req, Res, Sse, UseGuards, type MessageEvent } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { publicUrl, RpcClient, RpcError, STORAGE, type Storage } from '@visualnotes/common';
import { clipText, createBatchSchema, DomainError, Patterns, type BatchSummaryView, type BatchView, type UploadedFile } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { map, type Observable } from 'rxjs';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { JobsService } from '../jobs/jobs.service';
import { isMultipart, readMultipartFiles } from '../uploads/multipart';
import { storeUploadedPart } from '../uploads/store-upload';
import { exportBatchZip } from './export-zip';

export class CreateBatchDto extends createZodDto(createBatchSchema) {}

/** A refused file of a multipart batch is named in the message: among many chosen files, the user must know which one. */
function aboutFile(err: unknown, name: string): unknown {
  if ((err instanceof DomainError || err instanceof RpcError) && err.statusCode < 500 && name) {
    return new RpcError(err.statusCode, `“${clipText(name, 120, true)}”: ${err.message}`, err.code);
  }
  return err;
}

/** The most files one multipart batch may carry (the plan's batch size is checked by the media service). */
const MAX_BATCH_FILES = 1000;

/** Batches of videos; their rules live in the media service. Only the owner sees a batch. */
@ApiTags('batches')
@ApiBearerAuth()
@Controller('batches')
@UseGuards(AuthGuard)
export class BatchesController {
  private readonly logger = new Logger(BatchesController.name);

  constructor(
    private readonly rpc: RpcClient,
    private readonly jobs: JobsService,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @HttpCode(202)
  @ApiConsumes('application/json', 'multipart/form-data')
  @ApiOperation({
    summary: 'Start a batch: JSON `{urls: [...]}` or `{playlist_url}`, or multipart with several `files` (audio, video, SRT/VTT)',
  })
  @ApiBody({ type: CreateBatchDto })
  async create(@Req() request: FastifyRequest, @CurrentUser() user: AuthUser): Promise<BatchView> {
    const caller = { owner_id: user.id, scope: user.scope };
    if (!isMultipart(request)) {
      const parsed = createBatchSchema.safeParse(request.body ?? {});
      if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message);
      return this.rpc.send(Patterns.media.batchesCreate, { ...caller, ...parsed.data });
    }
    // A batch that is refused (a bad file, too many, the plan) keeps none of the files stored for it.
    const files: UploadedFile[] = [];
    try {
      return await this.createFromFiles(request, caller, files);
    } catch (err) {
      if (files.length) {
        await this.rpc
          .send(Patterns.media.uploadDiscard, { ownerId: user.id, fileIds: files.map((f) => f.file_id) })
          .catch((e: Error) => this.logger.warn(`files of a refused batch not removed: ${e.message}`));
      }
      throw err;
    }
  }

  private async createFromFiles(request: FastifyRequest, caller: { owner_id: string; scope: AuthUser['scope'] }, files: UploadedFile[]): Promise<BatchView> {
    const ownerId = caller.owner_id;
    await readMultipartFiles(request, { field: 'files', maxFiles: MAX_BATCH_FILES, fileSize: this.config.UPLOAD_LIMIT_BYTES + 1 }, async (file) => {
      try {
        files.push(await storeUploadedPart(this.storage, this.rpc, ownerId, file, this.config.UPLOAD_LIMIT_BYTES));
      } catch (err) {
        throw aboutFile(err, file.filename);
      }
    });
    if (!files.length) throw new DomainError('BATCH_EMPTY');
    return this.rpc.send(Patterns.media.batchesCreate, { ...caller, file_ids: files.map((f) => f.file_id) });
  }

  @Get()
  @ApiOperation({ summary: "The signed-in user's batches, newest first, with their counts" })
  list(@CurrentUser() user: AuthUser): Promise<BatchSummaryView[]> {
    return this.rpc.send(Patterns.media.batchesList, { owner_id: user.id });
  }

  @Get(':id')
  @ApiOperation({ summary: 'A batch: `{id, status, total, done, failed, items: [{video_id, title, status, error}]}`' })
  get(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<BatchView> {
    return this.rpc.send(Patterns.media.batchesGet, { owner_id: user.id, id });
  }

  @Sse(':id/events')
  @ApiOperation({ summary: 'Server-Sent Events with the batch (as GET) on each change; closes once it is no longer running' })
  async events(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<Observable<MessageEvent>> {
    const read = () => this.rpc.send(Patterns.media.batchesGet, { owner_id: user.id, id });
    // someone else's batch gets a plain 404, before the stream opens
    await read();
    return this.jobs.pollStream(read, (b) => b.status !== 'running').pipe(map((batch) => ({ data: batch })));
  }

  @Post(':id/retry')
  @HttpCode(202)
  @ApiOperation({ summary: 'Import the failed items of a batch again' })
  retry(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<BatchView> {
    return this.rpc.send(Patterns.media.batchesRetry, { owner_id: user.id, id });
  }

  @Delete(':id')
  @ApiOperation({ summary: 'Cancel the items of a batch that have not started; finished videos stay in the library' })
  cancel(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<BatchView> {
    return this.rpc.send(Patterns.media.batchesCancel, { owner_id: user.id, id });
  }

  @Get(':id/export.zip')
  @ApiOperation({ summary: 'A ZIP with each finished video: transcript (TXT, SRT, VTT) and summary (Markdown with timestamps)' })
  async export(@Param('id') id: string, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const batch = await this.rpc.send(Patterns.media.batchesGet, { owner_id: user.id, id });
    const stream = exportBatchZip(batch, (videoId) => this.rpc.send(Patterns.media.videosGet, { owner_id: user.id, id: videoId }), publicUrl(this.config));
    const name = `batch-${batch.id.slice(0, 8)}.zip`;
    return reply
      .header('content-type', 'application/zip')
      .header('content-disposition', `attachment; filename="${name}"`)
      .header('cache-control', 'private, no-store')
      .send(stream);
  }
}
