import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import { RpcClient } from '@visualnotes/common';
import { Patterns, type Capabilities } from '@visualnotes/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The ai service's answer is kept this long: pages ask on every visit, the setting changes only with a restart. */
const CACHE_MS = 60_000;

/**
 * What this installation offers, so pages can leave out what would only fail (Google sign-in
 * without client id, uploads to transcribe without speech-to-text).
 */
@ApiTags('health')
@Controller('capabilities')
export class CapabilitiesController {
  private transcription: { value: boolean; until: number } | null = null;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  @Get()
  @Header('cache-control', 'public, max-age=60')
  @ApiOperation({ summary: 'Features this installation offers: Google sign-in, transcription of uploaded audio and video' })
  async capabilities(): Promise<Capabilities> {
    return { google_sign_in: Boolean(this.config.GOOGLE_CLIENT_ID), transcription: await this.transcriptionAvailable() };
  }

  private async transcriptionAvailable(): Promise<boolean> {
    if (this.transcription && this.transcription.until > Date.now()) return this.transcription.value;
    try {
      const { transcription } = await this.rpc.send(Patterns.ai.capabilities, {});
      this.transcription = { value: transcription, until: Date.now() + CACHE_MS };
      return transcription;
    } catch {
      // ai not answering right now: say nothing is missing rather than remember a wrong answer
      return true;
    }
  }
}
