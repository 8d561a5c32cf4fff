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
  /** The video's description (its chapters are read from it). */
  description: string | null;
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
      description: info.basic_info.short_description ?? null,
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

  /**
   * The videos of a playlist, in order, through InnerTube's browse endpoint (`browseId` `VL<id>`,
   * then its continuations), at most `max` of them (more means the caller refuses the list anyway).
   * Unplayable entries (deleted or private videos) are left out.
   */
  async playlist(listId: string, max: number): Promise<{ title: string; videos: { id: string; title: string }[] }> {
    const endpoint = new URL('/youtubei/v1/browse?prettyPrint=false', this.base).href;
    const context = { client: { clientName: 'WEB', clientVersion: '2.20250101.00.00', hl: 'en', gl: 'US' } };
    const post = async (body: object) => {
      const res = await this.fetch(endpoint, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ context, ...body }) });
      if (res.status === 400 || res.status === 404) throw new DomainError('PLAYLIST_NOT_FOUND');
      if (!res.ok) throw new YoutubeBlockedError(`playlist browse answered ${res.status}`);
      try {
        return (await res.json()) as unknown;
      } catch {
        throw new YoutubeBlockedError('unreadable playlist response');
      }
    };
    const first = await post({ browseId: `VL${listId}` });
    const videos: { id: string; title: string }[] = [];
    const seen = new Set<string>();
    let title = findTitle(first) ?? listId;
    let page: unknown = first;
    for (let pages = 0; pages < 200; pages++) {
      const found = playlistEntries(page);
      for (const v of found.videos) {
        if (seen.has(v.id)) continue;
        seen.add(v.id);
        videos.push(v);
      }
      if (videos.length > max || !found.continuation) break;
      page = await post({ continuation: found.continuation });
    }
    if (!videos.length && pages0HasAlert(first)) throw new DomainError('PLAYLIST_NOT_FOUND');
    if (!videos.length) throw new DomainError('PLAYLIST_EMPTY');
    title = title.trim() || listId;
    return { title, videos: videos.slice(0, max + 1) };
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

type Json = Record<string, unknown>;
const textOf = (value: unknown): string | null => {
  const v = value as { simpleText?: string; runs?: { text?: string }[]; content?: string } | undefined;
  if (!v) return null;
  if (typeof v.simpleText === 'string') return v.simpleText;
  if (typeof v.content === 'string') return v.content;
  if (Array.isArray(v.runs)) return v.runs.map((r) => r.text ?? '').join('');
  return null;
};

/** Every `playlistVideoRenderer` of a browse or continuation answer, and its continuation token. */
function playlistEntries(root: unknown): { videos: { id: string; title: string }[]; continuation: string | null } {
  const videos: { id: string; title: string }[] = [];
  let continuation: string | null = null;
  const walk = (node: unknown, depth: number) => {
    if (!node || typeof node !== 'object' || depth > 40) return;
    if (Array.isArray(node)) {
      for (const n of node) walk(n, depth + 1);
      return;
    }
    const obj = node as Json;
    const renderer = obj.playlistVideoRenderer as Json | undefined;
    if (renderer && typeof renderer.videoId === 'string') {
      if (renderer.isPlayable !== false && /^[A-Za-z0-9_-]{11}$/.test(renderer.videoId)) {
        videos.push({ id: renderer.videoId, title: textOf(renderer.title) ?? renderer.videoId });
      }
      return;
    }
    const command = obj.continuationCommand as Json | undefined;
    if (command && typeof command.token === 'string') continuation ??= command.token;
    for (const value of Object.values(obj)) walk(value, depth + 1);
  };
  walk(root, 0);
  return { videos, continuation };
}

function findTitle(root: unknown): string | null {
  const r = root as { metadata?: { playlistMetadataRenderer?: { title?: string } }; header?: { playlistHeaderRenderer?: { title?: unknown } } };
  return r?.metadata?.playlistMetadataRenderer?.title ?? textOf(r?.header?.playlistHeaderRenderer?.title) ?? null;
}

/** YouTube answers a missing or private playlist with an alert and no contents. */
function pages0HasAlert(root: unknown): boolean {
  const r = root as { alerts?: unknown[]; contents?: unknown };
  return Array.isArray(r?.alerts) && r.alerts.length > 0 && !r.contents;
}
