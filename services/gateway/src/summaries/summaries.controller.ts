import { randomUUID } from 'node:crypto';
import { Controller, Get, HttpCode, Inject, Param, ParseIntPipe, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, StorageLimitError, type Storage } from '@visualnotes/common';
import {
  createTextSummarySchema,
  DomainError,
  Messages,
  Patterns,
  type CreateSummaryReply,
  type DocumentPageView,
  type DocumentSummaryItem,
  type DocumentSummaryView,
} from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { LargeBody } from '../common/body-limits';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { brokenUpload, isMultipart, readMultipartFile } from '../uploads/multipart';

/**
 * Document and text summaries. A file is streamed to storage under the document size limit and
 * handed to the media service, which reads it, checks the plan and queues the summary.
 */
@ApiTags('summaries')
@ApiBearerAuth()
@Controller('summaries')
@UseGuards(AuthGuard)
export class SummariesController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @HttpCode(202)
  @LargeBody()
  @ApiConsumes('multipart/form-data', 'application/json')
  @ApiOperation({ summary: 'Summarize a PDF, PPTX or DOCX (multipart `file`) or pasted text (JSON `{text}`)' })
  async create(@Req() request: FastifyRequest, @CurrentUser() user: AuthUser): Promise<CreateSummaryReply> {
    const caller = { owner_id: user.id, scope: user.scope };
    if (!isMultipart(request)) {
      const body = (request.body ?? {}) as Record<string, unknown>;
      if (typeof body.file_id === 'string') {
        return this.rpc.send(Patterns.media.documentsCreate, { ...caller, file_id: body.file_id });
      }
      const parsed = createTextSummarySchema.safeParse(body);
      if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message ?? 'Send a file or some text to summarize');
      return this.rpc.send(Patterns.media.documentsCreate, { ...caller, text: parsed.data.text, name: parsed.data.title });
    }
    const file = await readMultipartFile(request, { fileSize: this.config.DOCUMENT_LIMIT_BYTES + 1 });
    if (!file || file.fieldname !== 'file') throw new DomainError('VALIDATION_FAILED', 'Send the document as multipart/form-data in the field "file"');
    const key = `documents/${randomUUID()}`;
    const max = this.config.DOCUMENT_LIMIT_BYTES;
    try {
      const { size } = await this.storage.put(key, file.file, { maxBytes: max, contentType: file.mimetype });
      if (size === 0) throw new DomainError('EMPTY_FILE', Messages.documentEmpty);
    } catch (err) {
      file.file.resume();
      await this.storage.delete(key).catch(() => undefined);
      if (err instanceof StorageLimitError) {
        throw new DomainError('PAYLOAD_TOO_LARGE', Messages.documentFileTooLarge.replace('{mb}', String(Math.round((max / 1024 / 1024) * 10) / 10)));
      }
      throw brokenUpload(file) ?? err;
    }
    try {
      return await this.rpc.send(Patterns.media.documentsCreate, { ...caller, storage_key: key, name: file.filename, declared_type: file.mimetype });
    } finally {
      // Media deletes the file once read; this covers a request that never reached it.
      await this.storage.delete(key).catch(() => undefined);
    }
  }

  @Get()
  @ApiOperation({ summary: "The user's document summaries, newest first (at most 50), without their text" })
  list(@CurrentUser() user: AuthUser): Promise<{ items: DocumentSummaryItem[] }> {
    return this.rpc.send(Patterns.media.documentsList, { owner_id: user.id });
  }

  @Get(':id')
  @ApiOperation({ summary: 'A document summary: status, overview and sections citing pages/slides' })
  get(@Param('id') id: string, @CurrentUser() user: AuthUser): Promise<DocumentSummaryView> {
    return this.rpc.send(Patterns.media.documentsGet, { owner_id: user.id, id });
  }

  @Get(':id/pages/:page')
  @ApiOperation({ summary: 'The text of one page, slide or part of the summarized document (for citations)' })
  page(@Param('id') id: string, @Param('page', ParseIntPipe) page: number, @CurrentUser() user: AuthUser): Promise<DocumentPageView> {
    return this.rpc.send(Patterns.media.documentsPage, { owner_id: user.id, id, page });
  }
}
