import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AskModule } from '../ask/ask.module';
import { AsrClient } from './asr.client';
import { CapabilitiesHandlers } from './capabilities.handlers';
import { TranscriptChunk } from './transcript-chunk.entity';
import { TranscriptChunksRepository } from './transcript-chunks.repository';

@Module({
  imports: [TypeOrmModule.forFeature([TranscriptChunk]), AskModule],
  controllers: [CapabilitiesHandlers],
  providers: [AsrClient, TranscriptChunksRepository],
  exports: [AsrClient, TranscriptChunksRepository, TypeOrmModule],
})
export class TranscriptionModule {}
