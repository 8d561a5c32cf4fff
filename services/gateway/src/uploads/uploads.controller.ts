import { Controller, HttpCode, Inject, Post, Req, UseGuards } from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient, STORAGE, type Storage } from '@visualnotes/common';
import { DomainError } from '@visualnotes/contracts';
import type { FastifyRequest } from 'fastify';
import { AuthGuard } from '../auth/auth.guard';
import { CurrentUser, type AuthUser } from '../auth/current-user.decorator';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';
import { isMultipart, readMultipartFile } from './multipart';
import { storeUploadedPart } from './store-upload';

/**
 * Streams an upload straight to storage (never whole in memory), then the media service checks
 * its real type and records it. A refused or failed upload leaves nothing behind.
 */
@ApiTags('uploads')
@ApiBearerAuth()
@Controller('uploads')
export class UploadsController {
  constructor(
    private readonly rpc: RpcClient,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Post()
  @HttpCode(201)
  @UseGuards(AuthGuard)
  @ApiConsumes('multipart/form-data')
  @ApiOperation({ summary: 'Upload a file (multipart field `file`)' })
  async upload(@Req() request: FastifyRequest, @CurrentUser() user: AuthUser) {
    const file = await uploadedFile(request, this.config.UPLOAD_LIMIT_BYTES);
    const saved = await storeUploadedPart(this.storage, this.rpc, user.id, file, this.config.UPLOAD_LIMIT_BYTES);
    return { file_id: saved.file_id, name: saved.name, size: saved.size, content_type: saved.content_type };
  }
}

export async function uploadedFile(request: FastifyRequest, maxBytes: number) {
  if (!isMultipart(request)) throw new DomainError('VALIDATION_FAILED', 'Send the file as multipart/form-data in the field "file"');
  const file = await readMultipartFile(request, { fileSize: maxBytes + 1 });
  if (!file || file.fieldname !== 'file') throw new DomainError('VALIDATION_FAILED', 'Send the file as multipart/form-data in the field "file"');
  return file;
}
