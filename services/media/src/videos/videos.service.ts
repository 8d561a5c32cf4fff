import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { STORAGE, type Storage } from '@visualnotes/common';
import {
  createVideoSchema,
  DomainError,
  jobPriority,
  jobFailureMessage,
  Jobs,
  parseYouTubeUrl,
  publicJobId,
  Queues,
  type CreateVideoBody,
  type CreateVideoReply,
  type RpcRequest,
  type RpcResponse,
  type TranscriptSegment,
  type VideoCaller,
  type VideoCard,
  type VideoView,
} from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { Brackets, type Repository } from 'typeorm';
import { tagView, TagsService } from '../tags/tags.service';
import { UploadsService } from '../uploads/uploads.service';
import { UsageService } from '../usage/usage.service';
import { parseSubtitles } from '../youtube/timedtext';
import { chooseTrack, YoutubeClient } from '../youtube/youtube.client';
import { Video } from './video.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SUBTITLE_TYPES = new Set(['text/vtt', 'application/x-subrip']);
const FINAL = new Set(['ready', 'failed']);

export function transcriptText(segments: TranscriptSegment[] | null): string {
  return (segments ?? []).map((s) => s.text).join('\n');
}

export function cardOf(v: Video): VideoCard {
  return {
    id: v.id,
    url: v.url,
    provider: v.provider,
    provider_id: v.providerId,
    title: v.title,
    channel: v.channel,
    duration: v.duration,
    thumbnail_url: v.thumbnailUrl,
    status: v.status,
    progress: v.progress,
    error: v.error,
    favorite: v.favorite,
    tags: (v.tags ?? []).map(tagView).sort((a, b) => a.name.localeCompare(b.name)),
    created_at: v.createdAt.toISOString(),
  };
}

export function viewOf(v: Video): VideoView {
  return {
    ...cardOf(v),
    language: v.language,
    transcript_source: v.transcriptSource,
    transcript: v.transcript ?? [],
    summary: v.summary,
    media_url: v.mediaKey ? `/api/videos/${v.id}/media` : null,
    file_id: v.uploadId,
    job_id: v.jobId ? publicJobId(Queues.mediaJobs, v.jobId) : null,
  };
}

/** The video library: import by link or file, read, favorite, tag, search, delete. */
@Injectable()
export class VideosService {
  private readonly logger = new Logger(VideosService.name);

  constructor(
    @InjectRepository(Video) private readonly videos: Repository<Video>,
    @InjectQueue(Queues.mediaJobs) private readonly queue: Queue,
    @InjectQueue(Queues.aiTranscription) private readonly transcription: Queue,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly youtube: YoutubeClient,
    private readonly uploads: UploadsService,
    private readonly usage: UsageService,
    private readonly tags: TagsService,
  ) {}

  async create(req: RpcRequest<'media.videos.create'>): Promise<CreateVideoReply> {
    const parsed = createVideoSchema.safeParse({ url: req.url, file_id: req.file_id, language: req.language });
    if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message);
    const caller: VideoCaller = { owner_id: req.owner_id ?? null, visitor_key: req.visitor_key, visitor_quota_key: req.visitor_quota_key, scope: req.scope };
    return this.importVideo(caller, parsed.data);
  }

  /**
   * Imports one video by link or uploaded file: reads its captions or plans its transcription,
   * counts it against the caller's allowance and queues its processing. Single videos and the
   * items of a batch (`batch`: their jobs go just after single videos of the same plan) both come here.
   */
  async importVideo(caller: VideoCaller, body: CreateVideoBody, opts: { batch?: boolean } = {}): Promise<CreateVideoReply> {
    if (!caller.owner_id && !caller.visitor_key) throw new DomainError('UNAUTHORIZED');
    const row = body.file_id ? await this.fromFile(caller, body.file_id) : await this.fromYoutube(caller, body.url!, body.language);
    await this.usage.consumeVideoSummary(caller);
    row.ownerId = caller.owner_id;
    row.visitorKey = caller.owner_id ? null : (caller.visitor_key ?? null);
    row.status = row.transcript ? 'summarizing' : 'transcribing';
    row.progress = 0;
    row.jobId = randomUUID();
    row.transcriptText = transcriptText(row.transcript);
    // Premium imports (and their transcription and summary jobs) are taken before free ones.
    const premium = !!caller.owner_id && !!(await this.usage.entitlements(caller))?.premium;
    const saved = await this.videos.save(row);
    await this.queue.add(
      Jobs.videoImport,
      { videoId: saved.id, step: 'start', ownerId: saved.ownerId, visitorKey: saved.visitorKey, premium, ...(opts.batch ? { batch: true } : {}) },
      { jobId: saved.jobId!, priority: jobPriority(premium, opts.batch) },
    );
    saved.tags = [];
    return { video: viewOf(saved), job_id: publicJobId(Queues.mediaJobs, saved.jobId!) };
  }

  private async fromYoutube(caller: VideoCaller, url: string, language?: string): Promise<Video> {
    const id = parseYouTubeUrl(url)!;
    const info = await this.youtube.video(id);
    const row = this.videos.create({
      provider: 'youtube',
      providerId: id,
      url: `https://www.youtube.com/watch?v=${id}`,
      title: info.title,
      channel: info.channel,
      duration: info.duration,
      thumbnailUrl: info.thumbnailUrl,
    });
    const track = chooseTrack(info.tracks, language);
    if (track) {
      row.transcript = await this.youtube.captions(track);
      row.language = track.language;
      row.transcriptSource = track.automatic ? 'auto-captions' : 'captions';
      return row;
    }
    if (!caller.owner_id) throw new DomainError('NO_CAPTIONS_SIGN_IN');
    if (!info.audioUrl) throw new DomainError('VIDEO_AUDIO_UNAVAILABLE');
    row.transcript = null;
    row.transcriptSource = 'transcription';
    row.language = language ?? null;
    return row;
  }

  private async fromFile(caller: VideoCaller, fileId: string): Promise<Video> {
    const file = await this.uploads.get(fileId, caller.owner_id);
    const title = file.name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'Untitled';
    const row = this.videos.create({ provider: 'upload', uploadId: file.file_id, title, url: null });
    const looksLikeSubtitles = SUBTITLE_TYPES.has(file.content_type) || (file.content_type === 'text/plain' && /\.(srt|vtt)$/i.test(file.name));
    if (looksLikeSubtitles) {
      const lines = parseSubtitles((await this.storage.getBuffer(file.storage_key)).toString('utf8'));
      if (!lines.length) throw new DomainError('NO_TRANSCRIPT');
      row.transcript = lines;
      row.transcriptSource = 'subtitles';
      row.duration = lines.at(-1)!.end;
      return row;
    }
    const isVideo = file.content_type.startsWith('video/');
    if (!isVideo && !file.content_type.startsWith('audio/')) {
      throw new DomainError('VALIDATION_FAILED', 'Upload a video or audio file, or subtitles (SRT or VTT)');
    }
    if (!caller.owner_id) throw new DomainError('NO_CAPTIONS_SIGN_IN');
    if (isVideo && !(await this.usage.entitlements(caller))?.premium) throw new DomainError('PREMIUM_FOR_VIDEO_FILES');
    row.mediaKey = file.storage_key;
    row.mediaType = file.content_type;
    row.transcript = null;
    row.transcriptSource = 'transcription';
    return row;
  }

  /** The caller's video: its owner, or the visitor who imported it. */
  async find(caller: VideoCaller, id: string): Promise<Video> {
    if (!UUID.test(String(id))) throw new DomainError('NOT_FOUND', 'Video not found');
    const row = await this.videos.findOne({ where: { id }, relations: { tags: true } });
    const mine = row && (caller.owner_id ? row.ownerId === caller.owner_id : !row.ownerId && !!caller.visitor_key && row.visitorKey === caller.visitor_key);
    if (!row || !mine) throw new DomainError('NOT_FOUND', 'Video not found');
    return row;
  }

  async get(caller: VideoCaller, id: string): Promise<VideoView> {
    const row = await this.find(caller, id);
    await this.reconcile(row);
    return viewOf(row);
  }

  /** A job that failed for good (e.g. a chunk failed all its attempts) leaves its message on the row. */
  private async reconcile(row: Video): Promise<void> {
    if (FINAL.has(row.status) || !row.jobId) return;
    const job = await this.queue.getJob(row.jobId);
    const state = job ? await job.getState() : 'missing';
    if (state !== 'failed' && state !== 'missing') return;
    row.status = 'failed';
    row.error = job ? jobFailureMessage(await this.rootFailure(job.failedReason)) : jobFailureMessage(null, 'VIDEO_PROCESSING_STOPPED');
    await this.videos.update({ id: row.id }, { status: 'failed', error: row.error });
  }

  /**
   * A parent job failed by a child says only "child <prefix>:<queue>:<id> failed"; the child's own
   * reason (which may again name its child) is in that job's Redis hash.
   */
  private async rootFailure(reason: string | undefined): Promise<string | undefined> {
    const redis = await this.queue.client;
    for (let hop = 0; hop < 4 && reason; hop++) {
      const child = /^child (.+) failed$/.exec(reason);
      if (!child) break;
      reason = (await redis.hget(child[1], 'failedReason').catch(() => null)) ?? undefined;
    }
    return reason;
  }

  async list(req: RpcRequest<'media.videos.list'>): Promise<VideoCard[]> {
    const qb = this.videos
      .createQueryBuilder('v')
      .select([
        'v.id', 'v.url', 'v.provider', 'v.providerId', 'v.title', 'v.channel', 'v.duration', 'v.thumbnailUrl',
        'v.status', 'v.progress', 'v.error', 'v.favorite', 'v.createdAt', 'v.ownerId',
      ])
      .leftJoinAndSelect('v.tags', 't')
      .where('v.owner_id = :owner', { owner: req.owner_id })
      .orderBy('v.created_at', 'DESC')
      .limit(500);
    if (req.favorite !== undefined) qb.andWhere('v.favorite = :fav', { fav: req.favorite });
    if (req.tag) {
      if (!UUID.test(req.tag)) return [];
      qb.andWhere('EXISTS (SELECT 1 FROM "media"."video_tags" vt WHERE vt.video_id = v.id AND vt.tag_id = :tag)', { tag: req.tag });
    }
    const q = (req.q ?? '').trim().slice(0, 200);
    if (q) {
      // Full-text match on words; the substring match keeps scripts without spaces (Chinese) findable.
      const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      qb.andWhere(
        new Brackets((w) =>
          w
            .where(`v.search @@ plainto_tsquery('simple', :q)`, { q })
            .orWhere('v.title ILIKE :like', { like })
            .orWhere('v.transcript_text ILIKE :like', { like }),
        ),
      );
    }
    return (await qb.getMany()).map(cardOf);
  }

  async update(req: RpcRequest<'media.videos.update'>): Promise<VideoView> {
    const row = await this.find({ owner_id: req.owner_id }, req.id);
    if (typeof req.favorite === 'boolean') row.favorite = req.favorite;
    if (Array.isArray(req.tag_ids)) row.tags = await this.tags.owned(req.owner_id, req.tag_ids.map(String));
    await this.videos.save(row);
    return viewOf(row);
  }

  async delete(ownerId: string, id: string): Promise<void> {
    const row = await this.find({ owner_id: ownerId }, id);
    await this.videos.delete({ id: row.id, ownerId });
    if (row.jobId) await this.queue.remove(row.jobId).catch(() => undefined);
    // The ai service's chunk texts of a transcription (none once merged; this covers a deletion mid-way).
    if (row.transcriptSource === 'transcription') {
      await this.transcription
        .add(Jobs.transcriptionDiscard, { videoId: row.id }, { jobId: `discard-${row.id}`, attempts: 10, backoff: { type: 'exponential', delay: 1_000 } })
        .catch((err: Error) => this.logger.warn(`chunk texts of video ${row.id} not discarded: ${err.message}`));
    }
  }

  async transcript(videoId: string): Promise<RpcResponse<'media.videos.transcript'>> {
    const row = UUID.test(videoId) ? await this.videos.findOneBy({ id: videoId }) : null;
    if (!row) throw new DomainError('NOT_FOUND', 'Video not found');
    if (!row.transcript?.length) throw new DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT');
    return { title: row.title, language: row.language, segments: row.transcript };
  }

  /** Transcription progress from the ai workers: 5..85 % while chunks are done. */
  async progress(videoId: string, done: number, total: number): Promise<void> {
    if (!UUID.test(videoId) || !(total > 0)) return;
    const progress = Math.min(85, 5 + Math.round((80 * Math.min(done, total)) / total));
    await this.setProgress(videoId, progress, 'transcribing');
  }

  async setProgress(videoId: string, progress: number, status?: Video['status']): Promise<void> {
    const qb = this.videos
      .createQueryBuilder()
      .update()
      .set({ progress, ...(status ? { status } : {}) })
      .where('id = :id AND progress < :progress AND status NOT IN (:...final)', { id: videoId, progress, final: [...FINAL] });
    const result = await qb.execute();
    if (!result.affected) return;
    const row = await this.videos.findOne({ where: { id: videoId }, select: { id: true, jobId: true } });
    if (row?.jobId) await (await this.queue.getJob(row.jobId))?.updateProgress(progress).catch(() => undefined);
  }

  /** Everything of a deleted account (idempotent). */
  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.videos.delete({ ownerId });
  }
}
