import { Module } from '@nestjs/common';
import { DevController } from './dev.controller';

/** Routes for test harnesses only (outbox, scopes); imported when TEST_ROUTES=1. */
@Module({ controllers: [DevController] })
export class DevModule {}
