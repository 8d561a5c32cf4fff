import { Inject, Injectable, Optional } from '@nestjs/common';
import { SERVICE_CONFIG, ServiceMetrics } from '@visualnotes/common';
import { AsrAudioFormats, Messages, type AsrAudioFormat, type TranscriptSegment } from '@visualnotes/contracts';
import OpenAI, { toFile } from 'openai';
import { asrSettings, type AiConfig } from '../config';

export class AsrNotConfiguredError extends Error {
  constructor() {
    super(Messages.transcriptionUnavailable);
  }
}

/** An OpenAI-compatible `/audio/transcriptions` endpoint (`ASR_*`, falling back to `AI_*`). */
@Injectable()
export class AsrClient {
  private readonly client: OpenAI | null;
  private readonly model: string;

  constructor(
    @Inject(SERVICE_CONFIG) config: AiConfig,
    @Optional() private readonly metrics?: ServiceMetrics,
  ) {
    const s = asrSettings(config);
    this.model = s.model;
    this.client =
      s.baseUrl || s.apiKey ? new OpenAI({ baseURL: s.baseUrl, apiKey: s.apiKey ?? 'not-needed', timeout: config.AI_TIMEOUT_MS, maxRetries: 1 }) : null;
  }

  get configured(): boolean {
    return this.client !== null;
  }

  /**
   * Lines of one audio chunk, times relative to the chunk. `name` is the file name without its
   * extension: the endpoint tells the format by the extension (and content type).
   */
  async transcribe(audio: Buffer, name: string, duration: number, language?: string, format: AsrAudioFormat = 'wav'): Promise<TranscriptSegment[]> {
    if (!this.client) throw new AsrNotConfiguredError();
    const iso = language ? language.toLowerCase().split('-')[0] : undefined;
    const { ext, contentType } = AsrAudioFormats[format];
    const res = (await this.client.audio.transcriptions.create({
      file: await toFile(audio, `${name}.${ext}`, { type: contentType }),
      model: this.model,
      response_format: 'verbose_json',
      ...(iso && /^[a-z]{2}$/.test(iso) ? { language: iso } : {}),
    })) as unknown as { text?: string; segments?: { start?: number; end?: number; text?: string }[] };
    this.metrics?.audioSeconds.inc({ model: this.model }, Math.max(0, duration));
    const segments = (res.segments ?? [])
      .map((s) => ({ start: Number(s.start) || 0, end: Number(s.end) || 0, text: String(s.text ?? '').trim() }))
      .filter((s) => s.text);
    if (segments.length) return segments;
    const text = String(res.text ?? '').trim();
    return text ? [{ start: 0, end: duration, text }] : [];
  }
}
