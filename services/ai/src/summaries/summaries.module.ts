import { Module } from '@nestjs/common';
import { summaryProviderFactory, SUMMARY_PROVIDER } from './providers';

/** The configured summary provider (`SUMMARY_PROVIDER`), for videos and documents alike. */
@Module({
  providers: [summaryProviderFactory],
  exports: [SUMMARY_PROVIDER],
})
export class SummariesModule {}
