import { Module } from '@nestjs/common';
import { ExportsController } from './exports.controller';

/** Boards exported to PDF, PowerPoint and ZIP files (rendered by the publish service's export workers). */
@Module({ controllers: [ExportsController] })
export class ExportsModule {}
