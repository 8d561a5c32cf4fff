import { Module } from '@nestjs/common';
import { CapabilitiesController } from './capabilities.controller';
import { CapabilitiesService } from './capabilities.service';

/** What this installation offers, for the pages (Google sign-in, transcription of uploads). */
@Module({ controllers: [CapabilitiesController], providers: [CapabilitiesService], exports: [CapabilitiesService] })
export class CapabilitiesModule {}
