import { Module } from '@nestjs/common';
import { SharesController } from './shares.controller';

/** Share links of canvases. */
@Module({ controllers: [SharesController] })
export class SharesModule {}
