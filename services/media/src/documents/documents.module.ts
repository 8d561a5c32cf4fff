import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { MediaConfig } from '../config';
import { UploadsModule } from '../uploads/uploads.module';
import { UsageService } from '../usage/usage.service';
import { DocumentRow } from './document.entity';
import { DocumentsHandlers } from './documents.handlers';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';
import { ExtractionPool } from './extract/pool';

/** Documents to summarize (PDF, PowerPoint, Word, text): extraction, plan limits, summary state. */
@Module({
  imports: [TypeOrmModule.forFeature([DocumentRow]), UploadsModule],
  controllers: [DocumentsHandlers],
  providers: [
    DocumentsRepository,
    DocumentsService,
    UsageService,
    { provide: ExtractionPool, inject: [SERVICE_CONFIG], useFactory: (config: MediaConfig) => new ExtractionPool(extractionOptions(config)) },
  ],
  exports: [DocumentsService, DocumentsRepository, ExtractionPool],
})
export class DocumentsModule {}

/**
 * The reading pool from the settings. A document is answered before the caller's RPC time-out:
 * waiting for a thread and reading share that time, less 2 s for the rest of the request.
 */
export function extractionOptions(config: MediaConfig) {
  const budgetMs = Math.max(2_500, config.RPC_TIMEOUT_MS - 2_000);
  return {
    threads: config.DOCUMENT_WORKERS,
    timeLimitMs: Math.min(config.DOCUMENT_READ_TIMEOUT_MS, budgetMs - 1_000),
    budgetMs,
    memoryMb: config.DOCUMENT_WORKER_MEMORY_MB,
    step: { baseMs: config.DOCUMENT_READ_TIMEOUT_MS, msPerPage: config.DOCUMENT_READ_MS_PER_PAGE, msPerMb: config.DOCUMENT_READ_MS_PER_MB },
    limits: {
      maxPages: config.DOCUMENT_MAX_PAGES,
      maxZipEntries: config.DOCUMENT_MAX_ZIP_ENTRIES,
      maxUnzippedBytes: config.DOCUMENT_MAX_UNZIPPED_BYTES,
      maxPdfStreamBytes: config.DOCUMENT_MAX_PDF_STREAM_BYTES,
      partWords: 500,
      ocr: {
        enabled: config.DOCUMENT_OCR,
        timeLimitMs: config.DOCUMENT_OCR_TIMEOUT_MS,
        memoryMb: config.DOCUMENT_OCR_MEMORY_MB,
        languages: config.DOCUMENT_OCR_LANGUAGES,
      },
    },
  };
}
