import { Controller, Delete, Get, HttpCode, Inject, Param, Res, UseGuards } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import { Patterns } from '@visualnotes/contracts';
import type { FastifyReply } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { sendProjectFile } from '../projects/project-files';

/** Read-only share links: anyone with the link reads; the owner revokes. */
@ApiTags('shares')
@Controller('share')
export class SharesController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
  ) {}

  @Get(':share_id')
  @ApiOperation({ summary: 'The shared project, read-only' })
  get(@Param('share_id') shareId: string) {
    return this.rpc.send(Patterns.publish.shareGet, { share_id: shareId });
  }

  @Get(':share_id/files/:file_id')
  async file(@Param('share_id') shareId: string, @Param('file_id') fileId: string, @Res() reply: FastifyReply) {
    const file = await this.rpc.send(Patterns.publish.projectFile, { share_id: shareId, file_id: fileId });
    return sendProjectFile(this.storage, reply, file);
  }

  @Delete(':share_id')
  @HttpCode(204)
  @UseGuards(AuthGuard)
  async revoke(@CurrentUser() user: AuthUser, @Param('share_id') shareId: string) {
    await this.rpc.send(Patterns.publish.shareRevoke, { user_id: user.id, share_id: shareId });
  }
}
