import { Body, Controller, Get, HttpCode, Inject, Param, Post, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import {
  exportRequestSchema,
  fileBase,
  OutlineMessages,
  outlinePdfRequestSchema,
  Patterns,
  type ExportCreated,
  type ExportFile,
  type ExportState,
} from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';
import { createZodDto } from 'nestjs-zod';
import { AuthGuard } from '../auth/auth.guard';
import { LargeBody } from '../common/body-limits';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';

class ExportRequestDto extends createZodDto(exportRequestSchema) {}
class OutlinePdfDto extends createZodDto(outlinePdfRequestSchema) {}

const caller = (user: AuthUser) => ({ user_id: user.id, scope: user.scope });

/** `attachment` with the name as typed (RFC 6266: an ASCII fallback and the UTF-8 name). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Sends a file made for the caller as a download under its name, never cached or sniffed. */
function sendDownload(reply: FastifyReply, contentType: string, fileName: string, body: unknown) {
  return reply
    .header('content-type', contentType)
    .header('content-disposition', attachment(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store')
    .send(body);
}

/** Sends an exported file as a download under its name. */
export async function sendExportFile(storage: Storage, reply: FastifyReply, file: ExportFile) {
  return sendDownload(reply, file.content_type, file.file_name, await storage.get(file.storage_key));
}

/**
 * Boards exported on the server to PDF (a page per frame), PowerPoint (a slide per frame) or a ZIP
 * of a PNG and an SVG per frame. Whoever may see the project (owner, editors, viewers) may export
 * it and follow and download the export; for anyone else it does not exist.
 */
@ApiTags('projects')
@ApiBearerAuth()
@UseGuards(AuthGuard)
@Controller()
export class ExportsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Post('projects/:id/export')
  @HttpCode(202)
  @ApiOperation({
    summary:
      'Export a board to a file: `format` pdf, pptx or zip; `frames` (ids, default every frame; a board without frames is exported whole), `scale`, `background`, `dark`',
    description: 'Answers 202 with `export_id`; follow it at `GET /api/exports/:export_id`, download it at `GET /api/exports/:export_id/file`.',
  })
  create(@Param('id') id: string, @Body() body: ExportRequestDto, @CurrentUser() user: AuthUser): Promise<ExportCreated> {
    return this.rpc.send(Patterns.publish.exportsCreate, { ...caller(user), id, ...body });
  }

  @Get('exports/:export_id')
  @ApiOperation({ summary: 'How an export is going: `status` queued, running, completed or failed, `progress` 0–100, `error` in words' })
  get(@Param('export_id') exportId: string, @CurrentUser() user: AuthUser): Promise<ExportState> {
    return this.rpc.send(Patterns.publish.exportsGet, { ...caller(user), export_id: exportId });
  }

  @Get('exports/:export_id/file')
  @ApiOperation({ summary: 'The exported file (PDF, PPTX or ZIP) with its type and a file name; 409 while it is not ready' })
  async file(@Param('export_id') exportId: string, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const file = await this.rpc.send(Patterns.publish.exportsFile, { ...caller(user), export_id: exportId });
    return sendExportFile(this.storage, reply, file);
  }

  @Post('outlines/pdf')
  @HttpCode(200)
  // a deep summary of a long book can pass the usual 100 kB
  @LargeBody({ message: OutlineMessages.tooLong })
  @ApiTags('summaries')
  @ApiOperation({
    summary: "A summary as a PDF: the page's outline (title, headings, paragraphs, items, links to moments and pages) set on A4 pages",
    description: 'Answers the PDF as a download named by the title; 503 in words when many are being made at once.',
  })
  async outlinePdf(@Body() body: OutlinePdfDto, @CurrentUser() user: AuthUser, @Res() reply: FastifyReply) {
    const { data } = await this.rpc.send(Patterns.publish.outlinesPdf, { ...caller(user), outline: body.outline });
    return sendDownload(reply, 'application/pdf', `${fileBase(body.outline.title)}.pdf`, Buffer.from(data, 'base64'));
  }
}
