import { Module } from '@nestjs/common';
import { HealthController } from './health.controller';

/** Liveness and readiness routes. */
@Module({ controllers: [HealthController] })
export class HealthModule {}
