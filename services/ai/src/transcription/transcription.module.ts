import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AsrClient } from './asr.client';
import { TranscriptChunk } from './transcript-chunk.entity';

@Module({
  imports: [TypeOrmModule.forFeature([TranscriptChunk])],
  providers: [AsrClient],
  exports: [AsrClient, TypeOrmModule],
})
export class TranscriptionModule {}
