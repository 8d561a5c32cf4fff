import type { ServiceDefinition } from '@visualnotes/common';
import { AskModule } from './ask/ask.module';
import { AccountEventsProcessor } from './account-events/account-events.processor';
import { DocumentSummariesProcessor } from './document-summaries/document-summaries.processor';
import { aiEnvSchema } from './config';
import { TranscriptChunks1763800000000 } from './migrations/1763800000000-TranscriptChunks';
import { TranscriptChunkOwners1764000000000 } from './migrations/1764000000000-TranscriptChunkOwners';
import { SummariesModule } from './summaries/summaries.module';
import { SummariesProcessor } from './summaries/summaries.processor';
import { TranscriptChunk } from './transcription/transcript-chunk.entity';
import { TranscriptionModule } from './transcription/transcription.module';
import { TranscriptionProcessor } from './transcription/transcription.processor';

export const aiService: ServiceDefinition<typeof aiEnvSchema> = {
  service: 'ai',
  envSchema: aiEnvSchema,
  entities: [TranscriptChunk],
  migrations: [TranscriptChunks1763800000000, TranscriptChunkOwners1764000000000],
  imports: [SummariesModule, TranscriptionModule, AskModule],
  processors: [AccountEventsProcessor, TranscriptionProcessor, SummariesProcessor, DocumentSummariesProcessor],
};
