import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { UploadsModule } from '../uploads/uploads.module';
import { UsageService } from '../usage/usage.service';
import { DocumentRow } from './document.entity';
import { DocumentsHandlers } from './documents.handlers';
import { DocumentsService } from './documents.service';

/** Documents to summarize (PDF, PowerPoint, Word, text): extraction, plan limits, summary state. */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentRow]), UploadsModule],
  controllers: [DocumentsHandlers],
  providers: [DocumentsService, UsageService],
  exports: [DocumentsService],
})
export class DocumentsModule {}
