import type { ServiceDefinition } from '@visualnotes/common';
import { Queues } from '@visualnotes/contracts';
import { mediaEnvSchema } from './config';
import { Videos1763800000000 } from './migrations/1763800000000-Videos';
import { BatchVideoImportProcessor, VideoImportProcessor } from './videos/video-import.processor';
import { videoEntities, VideosModule } from './videos/videos.module';
import { AccountEventsProcessor } from './account-events/account-events.processor';
import { Uploads1763700000000 } from './migrations/1763700000000-Uploads';
import { Upload } from './uploads/upload.entity';
import { UploadsModule } from './uploads/uploads.module';
import { DocumentRow } from './documents/document.entity';
import { DocumentsModule } from './documents/documents.module';
import { Documents1763900000000 } from './migrations/1763900000000-Documents';
import { DropUsageFallback1764000000000 } from './migrations/1764000000000-DropUsageFallback';
import { Batches1764100000000 } from './migrations/1764100000000-Batches';
import { UploadHashes1764200000000 } from './migrations/1764200000000-UploadHashes';
import { TextlessPages1764300000000 } from './migrations/1764300000000-TextlessPages';
import { AccentInsensitiveSearch1764400000000 } from './migrations/1764400000000-AccentInsensitiveSearch';
import { DocumentReading1764500000000 } from './migrations/1764500000000-DocumentReading';
import { VideoDepth1765020000000 } from './migrations/1765020000000-VideoDepth';
import { DocumentReadingProcessor } from './documents/document-reading.processor';
import { batchEntities, BatchesModule } from './batches/batches.module';
import { BatchesProcessor } from './batches/batches.processor';
import { AskPassages1765030000000 } from './migrations/1765030000000-AskPassages';
import { AskConversation } from './ask/ask-conversation.entity';
import { AskModule } from './ask/ask.module';
import { AskEmbedProcessor } from './ask/ask-embed.processor';

export const mediaService: ServiceDefinition<typeof mediaEnvSchema> = {
  service: 'media',
  envSchema: mediaEnvSchema,
  entities: [Upload, ...videoEntities, DocumentRow, ...batchEntities, AskConversation],
  migrations: [
    Uploads1763700000000,
    Videos1763800000000,
    Documents1763900000000,
    DropUsageFallback1764000000000,
    Batches1764100000000,
    UploadHashes1764200000000,
    TextlessPages1764300000000,
    AccentInsensitiveSearch1764400000000,
    DocumentReading1764500000000,
    VideoDepth1765020000000,
    AskPassages1765030000000,
  ],
  imports: [UploadsModule, VideosModule, DocumentsModule, BatchesModule, AskModule],
  processors: [AccountEventsProcessor, VideoImportProcessor, BatchVideoImportProcessor, BatchesProcessor, DocumentReadingProcessor, AskEmbedProcessor],
  producesTo: [Queues.aiSummaries, Queues.aiDocuments, Queues.aiTranscription],
};
