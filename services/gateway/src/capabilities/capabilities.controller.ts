import { Controller, Get, Header } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Capabilities } from '@visualnotes/contracts';
import { CapabilitiesService } from './capabilities.service';

/**
 * What this installation offers, so pages can leave out what would only fail (Google sign-in
 * without client id, uploads to transcribe without speech-to-text).
 */
@ApiTags('health')
@Controller('capabilities')
export class CapabilitiesController {
  constructor(private readonly offered: CapabilitiesService) {}

  @Get()
  @Header('cache-control', 'public, max-age=60')
  @ApiOperation({ summary: 'Features this installation offers: Google sign-in, transcription of uploaded audio and video' })
  capabilities(): Promise<Capabilities> {
    return this.offered.get();
  }
}
