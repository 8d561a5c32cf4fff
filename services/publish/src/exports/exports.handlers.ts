import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { ExportsService } from './exports.service';

@Controller()
export class ExportsHandlers {
  constructor(private readonly exports: ExportsService) {}

  @MessagePattern(Patterns.publish.exportsCreate)
  create(@Payload() req: RpcRequest<'publish.exports.create'>) {
    return this.exports.create(req.user_id, req.id, { format: req.format, frames: req.frames, scale: req.scale, background: req.background, dark: req.dark });
  }

  @MessagePattern(Patterns.publish.exportsGet)
  get(@Payload() req: RpcRequest<'publish.exports.get'>) {
    return this.exports.get(req.user_id, req.export_id);
  }

  @MessagePattern(Patterns.publish.publishedExport)
  createPublished(@Payload() req: RpcRequest<'publish.publications.export'>) {
    return this.exports.createPublished(req.public_id);
  }

  @MessagePattern(Patterns.publish.publishedExportGet)
  getPublished(@Payload() req: RpcRequest<'publish.publications.exportGet'>) {
    return this.exports.getPublished(req.public_id, req.export_id);
  }

  @MessagePattern(Patterns.publish.publishedExportFile)
  filePublished(@Payload() req: RpcRequest<'publish.publications.exportFile'>) {
    return this.exports.filePublished(req.public_id, req.export_id);
  }

  @MessagePattern(Patterns.publish.outlinesPdf)
  outlinePdf(@Payload() req: RpcRequest<'publish.outlines.pdf'>) {
    return this.exports.outlinePdf(req.outline);
  }

  @MessagePattern(Patterns.publish.exportsFile)
  file(@Payload() req: RpcRequest<'publish.exports.file'>) {
    return this.exports.file(req.user_id, req.export_id);
  }
}
