import { Module } from '@nestjs/common';
import { CapabilitiesController } from './capabilities.controller';

/** What this installation offers, for the pages (Google sign-in, model summaries, plans). */
@Module({ controllers: [CapabilitiesController] })
export class CapabilitiesModule {}
