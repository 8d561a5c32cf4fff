import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A caption line of a stand-in video. */
export interface StandInLine {
  start: number;
  dur: number;
  text: string;
}

export interface StandInVideo {
  id: string;
  title: string;
  author?: string;
  lengthSeconds?: number;
  /** The description (default: "<title> description"); chapters are written in it as YouTube's are ("0:00 Intro"). */
  description?: string;
  /** Caption tracks by language; `asr` marks automatic captions. */
  tracks?: { lang: string; name: string; asr?: boolean; lines: StandInLine[] }[];
  /** Player answer: OK, ERROR (not found), LOGIN_REQUIRED (bot check), or HTTP 429. */
  playability?: 'OK' | 'ERROR' | 'LOGIN_REQUIRED' | 'RATE_LIMITED' | 'CONSENT';
  /** The caption endpoint answers 200 with an empty body (what YouTube does when it blocks). */
  emptyCaptions?: boolean;
  /** Bytes of an audio-only stream (served at /videoplayback). */
  audio?: Buffer;
}

/** A playlist of the stand-in: video ids in order (ids without a video answer as unplayable entries). */
export interface StandInPlaylist {
  id: string;
  title: string;
  videoIds: string[];
  /** Entries per page before a continuation (YouTube sends 100). */
  pageSize?: number;
}

/**
 * A local stand-in for YouTube's InnerTube player endpoint (`POST /youtubei/v1/player`) and the
 * timedtext caption URLs, answering in their real formats (player JSON; json3 and srv3 XML), and
 * the browse endpoint (`POST /youtubei/v1/browse`) for playlists (`VL<id>`, then continuations).
 */
export class YoutubeStandIn {
  readonly videos = new Map<string, StandInVideo>();
  readonly playlists = new Map<string, StandInPlaylist>();
  readonly requests: { method: string; path: string }[] = [];
  private server!: Server;
  url = '';

  static async start(videos: StandInVideo[] = []): Promise<YoutubeStandIn> {
    const s = new YoutubeStandIn();
    for (const v of videos) s.videos.set(v.id, v);
    s.server = createServer((req, res) => void s.handle(req, res));
    await new Promise<void>((r) => s.server.listen(0, '127.0.0.1', r));
    s.url = `http://127.0.0.1:${(s.server.address() as AddressInfo).port}`;
    return s;
  }

  add(video: StandInVideo) {
    this.videos.set(video.id, video);
  }

  addPlaylist(playlist: StandInPlaylist) {
    this.playlists.set(playlist.id, playlist);
  }

  close(): Promise<void> {
    return new Promise((r) => this.server.close(() => r()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    this.requests.push({ method: req.method ?? 'GET', path: url.pathname + url.search });
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/player') {
      const { videoId } = JSON.parse(body || '{}') as { videoId?: string };
      const video = this.videos.get(videoId ?? '');
      if (video?.playability === 'RATE_LIMITED') return send(res, 429, 'text/html', '<html><body>Too Many Requests</body></html>');
      if (video?.playability === 'CONSENT') {
        res.writeHead(302, { location: 'https://consent.youtube.com/m?continue=https://www.youtube.com/watch' });
        return res.end();
      }
      return send(res, 200, 'application/json', JSON.stringify(this.player(videoId ?? '', video)));
    }
    if (req.method === 'POST' && url.pathname === '/youtubei/v1/browse') {
      const { browseId, continuation } = JSON.parse(body || '{}') as { browseId?: string; continuation?: string };
      return send(res, 200, 'application/json', JSON.stringify(this.browse(browseId, continuation)));
    }
    if (url.pathname === '/api/timedtext') {
      const video = this.videos.get(url.searchParams.get('v') ?? '');
      const track = video?.tracks?.find((t) => t.lang === url.searchParams.get('lang') && Boolean(t.asr) === (url.searchParams.get('kind') === 'asr'));
      if (!video || !track || video.emptyCaptions) return send(res, 200, 'text/html; charset=UTF-8', '');
      if (url.searchParams.get('fmt') === 'json3') {
        return send(res, 200, 'application/json; charset=UTF-8', JSON.stringify(json3(track.lines)));
      }
      return send(res, 200, 'text/xml; charset=UTF-8', srv3(track.lines));
    }
    if (url.pathname === '/videoplayback') {
      const video = this.videos.get(url.searchParams.get('id') ?? '');
      if (!video?.audio) return send(res, 404, 'text/plain', 'not found');
      return send(res, 200, 'audio/wav', video.audio);
    }
    send(res, 404, 'text/html', '<html>404</html>');
  }

  private browse(browseId: string | undefined, continuation: string | undefined) {
    const responseContext = { visitorData: 'CgtBQkNERUZHSElKSyiAgICABg%3D%3D', serviceTrackingParams: [] };
    let listId = browseId?.startsWith('VL') ? browseId.slice(2) : '';
    let offset = 0;
    if (continuation) {
      const [id, at] = Buffer.from(continuation, 'base64url').toString('utf8').split(':');
      listId = id ?? '';
      offset = Number(at) || 0;
    }
    const list = this.playlists.get(listId);
    if (!list) {
      return {
        responseContext,
        alerts: [{ alertRenderer: { type: 'ERROR', text: { runs: [{ text: 'The playlist does not exist.' }] } } }],
      };
    }
    const size = list.pageSize ?? 100;
    const page = list.videoIds.slice(offset, offset + size);
    const items: unknown[] = page.map((id, i) => {
      const video = this.videos.get(id);
      return {
        playlistVideoRenderer: {
          videoId: id,
          thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 }] },
          title: { runs: [{ text: video ? video.title : '[Private video]' }], accessibility: { accessibilityData: { label: video?.title ?? '' } } },
          index: { simpleText: String(offset + i + 1) },
          shortBylineText: { runs: [{ text: video?.author ?? 'Stand-in Channel' }] },
          lengthText: { simpleText: '2:00' },
          lengthSeconds: String(video?.lengthSeconds ?? 120),
          isPlayable: !!video,
          navigationEndpoint: { watchEndpoint: { videoId: id, playlistId: list.id, index: offset + i } },
        },
      };
    });
    if (offset + size < list.videoIds.length) {
      items.push({
        continuationItemRenderer: {
          trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
          continuationEndpoint: {
            commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } },
            continuationCommand: { token: Buffer.from(`${list.id}:${offset + size}`).toString('base64url'), request: 'CONTINUATION_REQUEST_TYPE_BROWSE' },
          },
        },
      });
    }
    if (continuation) {
      return {
        responseContext,
        onResponseReceivedActions: [{ appendContinuationItemsAction: { continuationItems: items, targetId: `pl-video-list${list.id}` } }],
      };
    }
    return {
      responseContext,
      contents: {
        twoColumnBrowseResultsRenderer: {
          tabs: [
            {
              tabRenderer: {
                selected: true,
                content: {
                  sectionListRenderer: {
                    contents: [
                      {
                        itemSectionRenderer: {
                          contents: [
                            {
                              playlistVideoListRenderer: {
                                contents: items,
                                playlistId: list.id,
                                isEditable: false,
                                canReorder: false,
                                targetId: `pl-video-list${list.id}`,
                              },
                            },
                          ],
                        },
                      },
                    ],
                  },
                },
              },
            },
          ],
        },
      },
      header: {
        playlistHeaderRenderer: {
          playlistId: list.id,
          title: { simpleText: list.title },
          numVideosText: { runs: [{ text: String(list.videoIds.length) }, { text: ' videos' }] },
        },
      },
      metadata: { playlistMetadataRenderer: { title: list.title, description: '' } },
    };
  }

  private player(id: string, video: StandInVideo | undefined) {
    const responseContext = { visitorData: 'CgtBQkNERUZHSElKSyiAgICABg%3D%3D', serviceTrackingParams: [] };
    if (!video || video.playability === 'ERROR') {
      return { responseContext, playabilityStatus: { status: 'ERROR', reason: 'Video unavailable', errorScreen: {} } };
    }
    if (video.playability === 'LOGIN_REQUIRED') {
      return {
        responseContext,
        playabilityStatus: { status: 'LOGIN_REQUIRED', reason: 'Sign in to confirm you’re not a bot', errorScreen: {} },
      };
    }
    const length = video.lengthSeconds ?? 120;
    const base = 'https://www.youtube.com/api/timedtext';
    const captionTracks = (video.tracks ?? []).map((t) => ({
      baseUrl: `${base}?v=${id}&ei=abc&caps=asr&opi=112496729&xoaf=5&hl=en&ip=0.0.0.0&ipbits=0&expire=9999999999&sparams=ip,ipbits,expire,v,ei,caps,opi,xoaf&signature=ABC.DEF&key=yt8&lang=${t.lang}${t.asr ? '&kind=asr' : ''}`,
      name: { runs: [{ text: t.name }] },
      vssId: `${t.asr ? 'a' : ''}.${t.lang}`,
      languageCode: t.lang,
      ...(t.asr ? { kind: 'asr' } : {}),
      isTranslatable: true,
      trackName: '',
    }));
    return {
      responseContext,
      playabilityStatus: {
        status: 'OK',
        playableInEmbed: true,
        miniplayer: { miniplayerRenderer: { playbackMode: 'PLAYBACK_MODE_ALLOW' } },
        contextParams: 'Q0FFU0FnZ0I=',
      },
      streamingData: {
        expiresInSeconds: '21540',
        formats: [],
        adaptiveFormats: video.audio
          ? [
              {
                itag: 140,
                url: `${this.url}/videoplayback?id=${id}&itag=140`,
                mimeType: 'audio/mp4; codecs="mp4a.40.2"',
                bitrate: 130_000,
                lastModified: '1700000000000000',
                contentLength: String(video.audio.length),
                quality: 'tiny',
                projectionType: 'RECTANGULAR',
                averageBitrate: 129_000,
                highReplication: true,
                audioQuality: 'AUDIO_QUALITY_MEDIUM',
                approxDurationMs: String(length * 1000),
                audioSampleRate: '44100',
                audioChannels: 2,
                loudnessDb: -1.5,
              },
            ]
          : [],
      },
      ...(captionTracks.length
        ? {
            captions: {
              playerCaptionsTracklistRenderer: {
                captionTracks,
                audioTracks: [
                  {
                    captionTrackIndices: captionTracks.map((_, i) => i),
                    defaultCaptionTrackIndex: 0,
                    visibility: 'UNKNOWN',
                    hasDefaultTrack: true,
                    captionsInitialState: 'CAPTIONS_INITIAL_STATE_OFF_RECOMMENDED',
                  },
                ],
                translationLanguages: [{ languageCode: 'de', languageName: { simpleText: 'German' } }],
                defaultAudioTrackIndex: 0,
              },
            },
          }
        : {}),
      videoDetails: {
        videoId: id,
        title: video.title,
        lengthSeconds: String(length),
        keywords: [],
        channelId: 'UCstandin000000000000000',
        isOwnerViewing: false,
        shortDescription: video.description ?? `${video.title} description`,
        isCrawlable: true,
        thumbnail: { thumbnails: [{ url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`, width: 480, height: 360 }] },
        allowRatings: true,
        viewCount: '1234',
        author: video.author ?? 'Stand-in Channel',
        isPrivate: false,
        isUnpluggedCorpus: false,
        isLiveContent: false,
      },
    };
  }
}

function send(res: ServerResponse, status: number, type: string, body: string | Buffer) {
  res.writeHead(status, { 'content-type': type });
  res.end(body);
}

function json3(lines: StandInLine[]) {
  return {
    wireMagic: 'pb3',
    pens: [{}],
    wsWinStyles: [{}],
    wpWinPositions: [{}],
    events: lines.map((l) => ({
      tStartMs: Math.round(l.start * 1000),
      dDurationMs: Math.round(l.dur * 1000),
      segs: [{ utf8: l.text }],
    })),
  };
}

function srv3(lines: StandInLine[]) {
  const esc = (t: string) => t.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  return `<?xml version="1.0" encoding="utf-8" ?><timedtext format="3"><body>${lines
    .map((l) => `<p t="${Math.round(l.start * 1000)}" d="${Math.round(l.dur * 1000)}">${esc(l.text)}</p>`)
    .join('')}</body></timedtext>`;
}
