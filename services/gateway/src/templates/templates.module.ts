import { Module } from '@nestjs/common';
import { TemplatesController } from './templates.controller';

/** The template gallery. */
@Module({ controllers: [TemplatesController] })
export class TemplatesModule {}
