import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { DocumentsModule } from '../documents/documents.module';
import { VideosModule } from '../videos/videos.module';
import { AskConversation } from './ask-conversation.entity';
import { AskHandlers } from './ask.handlers';
import { AskRepository } from './ask.repository';
import { AskService } from './ask.service';

/** Questions answered from the caller's videos and documents, with citations. */
@Module({
  imports: [TypeOrmModule.forFeature([AskConversation]), VideosModule, DocumentsModule],
  controllers: [AskHandlers],
  providers: [AskRepository, AskService],
  exports: [AskService],
})
export class AskModule {}
