import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AsrClient } from './asr.client';
import { CapabilitiesHandlers } from './capabilities.handlers';
import { TranscriptChunk } from './transcript-chunk.entity';

@Module({
  imports: [TypeOrmModule.forFeature([TranscriptChunk])],
  controllers: [CapabilitiesHandlers],
  providers: [AsrClient],
  exports: [AsrClient, TypeOrmModule],
})
export class TranscriptionModule {}
