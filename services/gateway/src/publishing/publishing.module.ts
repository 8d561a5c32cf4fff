import { Module } from '@nestjs/common';
import { PublishedPage } from './published-page';
import { PublishingController } from './publishing.controller';

/** Publishing: its API and the server-rendered `/p/:id` page (the projects routes clear its cache). */
@Module({
  controllers: [PublishingController],
  providers: [PublishedPage],
  exports: [PublishedPage],
})
export class PublishingModule {}
