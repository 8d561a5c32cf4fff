import { Module } from '@nestjs/common';
import { UploadsController } from './uploads.controller';

/** File uploads (stored, then checked and recorded by the media service). */
@Module({ controllers: [UploadsController] })
export class UploadsModule {}
