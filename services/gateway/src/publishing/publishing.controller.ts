import { Controller, Get, HttpCode, Inject, Param, Post, Query, Req, Res, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import { DomainError, Patterns, PublishMessages, type ExportCreated } from '@visualnotes/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AuthGuard, OptionalAuthGuard } from '../auth/auth.guard';
import { clientInfo } from '../auth/client-info';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { sendExportFile } from '../exports/exports.controller';
import { sendProjectFile } from '../projects/project-files';

/** A snapshot opened on its own still cannot run anything or load anything from elsewhere. */
const SNAPSHOT_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; sandbox";

/** Published projects: the public read (counting a view), the snapshot, and the owner's statistics. */
@ApiTags('published')
@Controller()
export class PublishingController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Get('p/:public_id')
  @UseGuards(OptionalAuthGuard)
  @ApiOperation({
    summary: "A published project `{title, scene, published_at}`, for anyone; counts a view (`ref`: the page referrer), except the owner's own (signed in)",
  })
  view(@Param('public_id') publicId: string, @Req() req: FastifyRequest, @CurrentUser() viewer: AuthUser | undefined, @Query('ref') ref?: string) {
    const referrer = typeof ref === 'string' ? ref.slice(0, 2048) : undefined;
    return this.rpc.send(Patterns.publish.publishedView, {
      public_id: publicId,
      visit: { ...clientInfo(req), referrer },
      ...(viewer ? { viewer_id: viewer.id } : {}),
    });
  }

  @Get('p/:public_id/snapshot.svg')
  async snapshot(@Param('public_id') publicId: string, @Res() reply: FastifyReply) {
    const meta = await this.rpc.send(Patterns.publish.publishedMeta, { public_id: publicId });
    if (!meta.snapshot_key) throw new DomainError('NOT_FOUND', PublishMessages.publishedNotFound);
    const body = await this.storage.get(meta.snapshot_key);
    return reply
      .header('content-type', 'image/svg+xml; charset=utf-8')
      .header('content-security-policy', SNAPSHOT_CSP)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=60')
      .send(body);
  }

  @Get('p/:public_id/files/:file_id')
  async file(@Param('public_id') publicId: string, @Param('file_id') fileId: string, @Res() reply: FastifyReply) {
    const file = await this.rpc.send(Patterns.publish.projectFile, { public_id: publicId, file_id: fileId });
    return sendProjectFile(this.storage, reply, file);
  }

  @Post('p/:public_id/export')
  @HttpCode(202)
  @ApiOperation({
    summary: 'A PDF of a published board, for anyone, when its owner offers it (403 otherwise)',
    description:
      'Answers 202 with `export_id`: one export per publication, shared by its visitors. Follow it at `GET /api/p/:public_id/exports/:export_id`, download it at `GET /api/p/:public_id/exports/:export_id/file`.',
  })
  exportPdf(@Param('public_id') publicId: string): Promise<ExportCreated> {
    return this.rpc.send(Patterns.publish.publishedExport, { public_id: publicId });
  }

  @Get('p/:public_id/exports/:export_id')
  @ApiOperation({ summary: "How a published board's PDF is going: `status`, `progress` 0–100, `error` in words" })
  exportState(@Param('public_id') publicId: string, @Param('export_id') exportId: string) {
    return this.rpc.send(Patterns.publish.publishedExportGet, { public_id: publicId, export_id: exportId });
  }

  @Get('p/:public_id/exports/:export_id/file')
  @ApiOperation({ summary: "A published board's PDF with a file name; 409 while it is not ready" })
  async exportFile(@Param('public_id') publicId: string, @Param('export_id') exportId: string, @Res() reply: FastifyReply) {
    const file = await this.rpc.send(Patterns.publish.publishedExportFile, { public_id: publicId, export_id: exportId });
    return sendExportFile(this.storage, reply, file);
  }

  @Get('p/:public_id/statistics')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: 'Owner only: `{views, visitors, by_day, referrers}`' })
  statistics(@CurrentUser() user: AuthUser, @Param('public_id') publicId: string, @Query('days') days?: string) {
    return this.rpc.send(Patterns.publish.statistics, { user_id: user.id, public_id: publicId, days: days ? Number(days) || 30 : undefined });
  }

  @Get('published')
  @ApiBearerAuth()
  @UseGuards(AuthGuard)
  @ApiOperation({ summary: "The user's published projects with their views and visitors" })
  mine(@CurrentUser() user: AuthUser) {
    return this.rpc.send(Patterns.publish.publishedMine, { user_id: user.id });
  }
}
