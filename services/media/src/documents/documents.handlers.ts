import { Controller } from '@nestjs/common';
import { MessagePattern, Payload } from '@nestjs/microservices';
import { Patterns, type RpcRequest } from '@visualnotes/contracts';
import { DocumentsService } from './documents.service';

@Controller()
export class DocumentsHandlers {
  constructor(private readonly documents: DocumentsService) {}

  @MessagePattern(Patterns.media.documentsCreate)
  create(@Payload() req: RpcRequest<'media.documents.create'>) {
    return this.documents.create(req);
  }

  @MessagePattern(Patterns.media.documentsGet)
  get(@Payload() req: RpcRequest<'media.documents.get'>) {
    return this.documents.get(req.owner_id, req.id);
  }

  @MessagePattern(Patterns.media.documentsList)
  list(@Payload() req: RpcRequest<'media.documents.list'>) {
    return this.documents.list(req.owner_id);
  }

  @MessagePattern(Patterns.media.documentsPage)
  page(@Payload() req: RpcRequest<'media.documents.page'>) {
    return this.documents.page(req.owner_id, req.id, req.page);
  }

  @MessagePattern(Patterns.media.documentsPages)
  pages(@Payload() req: RpcRequest<'media.documents.pages'>) {
    return this.documents.pages(req.document_id, req.from, req.to, req.started);
  }

  @MessagePattern(Patterns.media.documentsProgress)
  progress(@Payload() req: RpcRequest<'media.documents.progress'>) {
    return this.documents.progress(req);
  }

  @MessagePattern(Patterns.media.documentsComplete)
  complete(@Payload() req: RpcRequest<'media.documents.complete'>) {
    return this.documents.complete(req.document_id, req.summary);
  }

  @MessagePattern(Patterns.media.documentsFail)
  fail(@Payload() req: RpcRequest<'media.documents.fail'>) {
    return this.documents.fail(req.document_id, req.error);
  }
}
