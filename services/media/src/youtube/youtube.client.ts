import { Inject, Injectable, Logger } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, type TranscriptSegment } from '@visualnotes/contracts';
import { Innertube } from 'youtubei.js';
import type { MediaConfig } from '../config';
import { parseTimedText } from './timedtext';
import { YoutubeBlockedError, YoutubeUnreachableError } from './youtube.errors';

export interface CaptionTrack {
  baseUrl: string;
  language: string;
  name: string;
  automatic: boolean;
}

export interface YoutubeVideo {
  id: string;
  title: string;
  channel: string | null;
  duration: number | null;
  thumbnailUrl: string | null;
  tracks: CaptionTrack[];
  /** An audio-only stream we may download (only when served unciphered from YouTube's hosts). */
  audioUrl: string | null;
}

const YOUTUBE_HOST = /(^|\.)(youtube\.com|youtube-nocookie\.com|youtu\.be)$/i;
const MEDIA_HOST = /(^|\.)googlevideo\.com$/i;
const BOT_CHECK = /bot|confirm (that )?you|unusual traffic|captcha/i;

/**
 * Video metadata and captions through InnerTube (`youtubei.js`). Every request goes to
 * `YOUTUBE_BASE_URL` (YouTube itself in production, a stand-in in tests); a request for any other
 * host is refused, so a pasted link never makes the server fetch an arbitrary address.
 */
@Injectable()
export class YoutubeClient {
  private readonly logger = new Logger(YoutubeClient.name);
  private readonly base: URL;
  private innertube?: Promise<Innertube>;

  constructor(@Inject(SERVICE_CONFIG) private readonly config: MediaConfig) {
    this.base = new URL(config.YOUTUBE_BASE_URL);
  }

  /** Maps a YouTube URL onto the configured base; `null` for a host we do not talk to. */
  private rewrite(raw: string, allowMedia = false): URL | null {
    const url = new URL(raw);
    if (url.origin === this.base.origin) return url;
    if (YOUTUBE_HOST.test(url.hostname)) return new URL(url.pathname + url.search, this.base);
    if (allowMedia && MEDIA_HOST.test(url.hostname) && url.protocol === 'https:') return url;
    return null;
  }

  /** The fetch handed to youtubei.js and used for caption bodies: base URL, timeout, block detection. */
  readonly fetch = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    const target = this.rewrite(request.url);
    if (!target) throw new Error(`Refusing a request to ${new URL(request.url).hostname}`);
    const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await request.arrayBuffer();
    const headers = new Headers(request.headers);
    let res: Response;
    try {
      res = await fetch(target, {
        method: request.method,
        headers,
        body,
        redirect: 'manual',
        signal: AbortSignal.timeout(this.config.YOUTUBE_TIMEOUT_MS),
      });
    } catch (err) {
      throw new YoutubeUnreachableError((err as Error).message);
    }
    if (res.status === 429) throw new YoutubeBlockedError('429 Too Many Requests');
    if (res.status >= 300 && res.status < 400) {
      const location = res.headers.get('location') ?? '';
      throw new YoutubeBlockedError(/consent|sorry|accounts\.google/i.test(location) ? `redirected to ${location}` : `redirect ${res.status}`);
    }
    if (res.status === 403) throw new YoutubeBlockedError('403 Forbidden');
    return res;
  };

  private client(): Promise<Innertube> {
    this.innertube ??= Innertube.create({
      fetch: this.fetch,
      retrieve_player: false,
      generate_session_locally: true,
      retrieve_innertube_config: false,
      enable_session_cache: false,
      lang: 'en',
    }).catch((err: unknown) => {
      this.innertube = undefined;
      throw err;
    });
    return this.innertube;
  }

  async video(id: string): Promise<YoutubeVideo> {
    const yt = await this.client();
    let info: Awaited<ReturnType<Innertube['getBasicInfo']>>;
    try {
      info = await yt.getBasicInfo(id);
    } catch (err) {
      if (err instanceof DomainError) throw err;
      const message = (err as Error).message ?? '';
      const status = (err as { info?: { status?: string; reason?: string } }).info;
      if (/unavailable|not found|404/i.test(message) || status?.status === 'ERROR') throw new DomainError('VIDEO_NOT_FOUND');
      this.logger.warn(`InnerTube player request failed for ${id}: ${message}`);
      throw new YoutubeBlockedError(message);
    }
    const playability = info.playability_status;
    const reason = playability?.reason ?? '';
    if (!playability || !info.basic_info) throw new YoutubeBlockedError('no playability status in the player response');
    if (playability.status === 'ERROR') throw new DomainError('VIDEO_NOT_FOUND');
    if (playability.status === 'LOGIN_REQUIRED' && BOT_CHECK.test(reason)) throw new YoutubeBlockedError(reason);
    if (playability.status === 'LOGIN_REQUIRED' && !info.basic_info.title) throw new DomainError('VIDEO_NOT_FOUND');
    if (info.basic_info.id && info.basic_info.id !== id) throw new YoutubeBlockedError('the player answered for another video');

    const tracks: CaptionTrack[] = (info.captions?.caption_tracks ?? []).map((t) => ({
      baseUrl: t.base_url,
      language: t.language_code,
      name: t.name?.toString() ?? t.language_code,
      automatic: t.kind === 'asr',
    }));
    const audio = (info.streaming_data?.adaptive_formats ?? [])
      .filter((f) => f.has_audio && !f.has_video && f.url)
      .sort((a, b) => (a.bitrate ?? 0) - (b.bitrate ?? 0))
      .map((f) => f.url!)
      .find((u) => this.rewrite(u, true));
    const thumbs = info.basic_info.thumbnail ?? [];
    return {
      id,
      title: info.basic_info.title ?? id,
      channel: info.basic_info.author ?? info.basic_info.channel?.name ?? null,
      duration: info.basic_info.duration ?? null,
      thumbnailUrl: thumbs[0]?.url ?? `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      tracks,
      audioUrl: audio ?? null,
    };
  }

  /** The lines of a caption track; an empty or unreadable body is a block, not "no captions". */
  async captions(track: CaptionTrack): Promise<TranscriptSegment[]> {
    const url = new URL(track.baseUrl, this.base);
    url.searchParams.set('fmt', 'json3');
    const res = await this.fetch(url.href);
    if (!res.ok) throw new YoutubeBlockedError(`caption request answered ${res.status}`);
    const body = await res.text();
    if (!body.trim()) throw new YoutubeBlockedError('empty caption body');
    let lines: TranscriptSegment[];
    try {
      lines = parseTimedText(body);
    } catch {
      throw new YoutubeBlockedError('unreadable caption body');
    }
    if (!lines.length) {
      if (/<html|<!doctype/i.test(body)) throw new YoutubeBlockedError('an HTML page instead of captions');
      throw new DomainError('NO_TRANSCRIPT');
    }
    return lines;
  }

  /** Streams the audio of a video without captions (only from YouTube's own hosts). */
  async audio(audioUrl: string): Promise<Response> {
    const url = this.rewrite(audioUrl, true);
    if (!url) throw new DomainError('VIDEO_AUDIO_UNAVAILABLE');
    const res = await fetch(url, { redirect: 'follow', signal: AbortSignal.timeout(10 * 60_000) }).catch(() => null);
    if (!res || !res.ok || !res.body) throw new DomainError('VIDEO_AUDIO_UNAVAILABLE');
    return res;
  }
}

/** The track for the user's language: manual captions before automatic ones, exact language before its base. */
export function chooseTrack(tracks: CaptionTrack[], language?: string | null): CaptionTrack | null {
  if (!tracks.length) return null;
  const want = (language ?? 'en').toLowerCase();
  const base = want.split('-')[0];
  const lang = (t: CaptionTrack) => t.language.toLowerCase();
  const rank = (t: CaptionTrack) => {
    const l = lang(t);
    const match = l === want ? 0 : l.split('-')[0] === base ? 1 : 2;
    return match * 2 + (t.automatic ? 1 : 0);
  };
  return [...tracks].sort((a, b) => rank(a) - rank(b))[0];
}
