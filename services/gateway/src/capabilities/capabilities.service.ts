import { Inject, Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import { RpcClient } from '@visualnotes/common';
import { Patterns, type Capabilities } from '@visualnotes/contracts';
import { GATEWAY_CONFIG, type GatewayConfig } from '../config';

/** The ai service's answer is kept this long: pages ask on every visit, the setting changes only with a restart. */
const CACHE_MS = 60_000;

/**
 * What this installation offers, so pages can leave out what would only fail (Google sign-in
 * without client id, uploads to transcribe without speech-to-text). Asked of the API, and written
 * into every page the site serves so its first paint already knows.
 */
@Injectable()
export class CapabilitiesService implements OnApplicationBootstrap {
  private transcription: { value: boolean; until: number } | null = null;
  private asking: Promise<boolean> | null = null;

  constructor(
    private readonly rpc: RpcClient,
    @Inject(GATEWAY_CONFIG) private readonly config: GatewayConfig,
  ) {}

  /** Asked once at start, so the first pages served already carry the answer. */
  onApplicationBootstrap() {
    void this.ask();
  }

  async get(): Promise<Capabilities> {
    const fresh = this.transcription && this.transcription.until > Date.now() ? this.transcription.value : null;
    return this.answer(fresh ?? (await this.ask()));
  }

  /**
   * What is known without waiting (a page is never held up by the ai service): the last answer,
   * else null, and a fresh answer is asked for when the last one is old.
   */
  known(): Capabilities | null {
    if (!this.transcription || this.transcription.until <= Date.now()) void this.ask();
    return this.transcription ? this.answer(this.transcription.value) : null;
  }

  private answer(transcription: boolean): Capabilities {
    return { google_sign_in: Boolean(this.config.GOOGLE_CLIENT_ID), transcription };
  }

  /** One question at a time, however many pages are served meanwhile. */
  private ask(): Promise<boolean> {
    this.asking ??= this.rpc
      .send(Patterns.ai.capabilities, {})
      .then(({ transcription }) => {
        this.transcription = { value: transcription, until: Date.now() + CACHE_MS };
        return transcription;
      })
      // ai not answering right now: say nothing is missing rather than remember a wrong answer
      .catch(() => true)
      .finally(() => (this.asking = null));
    return this.asking;
  }
}
