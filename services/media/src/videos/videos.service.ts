import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger } from '@nestjs/common';
import { rootFailure, safeEqual, STORAGE, type Storage } from '@visualnotes/common';
import {
  isUuid,
  DomainError,
  jobPriority,
  jobFailureMessage,
  Messages,
  Jobs,
  parseYouTubeUrl,
  publicJobId,
  videoImportJobId,
  videoImportQueue,
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
import type { Job, Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { TagsService } from '../tags/tags.service';
import { UploadsService } from '../uploads/uploads.service';
import { UsageService } from '../usage/usage.service';
import { decodeText } from '../common/text-files';
import { parseSubtitles, subtitleLanguage } from '../youtube/timedtext';
import { chaptersFromDescription } from './chapters';
import { chooseTrack, YoutubeClient } from '../youtube/youtube.client';
import { Video } from './video.entity';
import { cardOf, viewOf } from './video.view';
import { FINAL_STATUSES, VideosRepository } from './videos.repository';

const SUBTITLE_TYPES = new Set(['text/vtt', 'application/x-subrip', 'text/x-ssa']);
const FINAL = new Set<Video['status']>(FINAL_STATUSES);
const STILL_PROCESSING = 'This video is still being processed; try again once it is ready';

export function transcriptText(segments: TranscriptSegment[] | null): string {
  return (segments ?? []).map((s) => s.text).join('\n');
}

/** The video library: import by link or file, read, favorite, tag, search, delete. */
@Injectable()
export class VideosService {
  private readonly logger = new Logger(VideosService.name);

  constructor(
    private readonly videos: VideosRepository,
    @InjectQueue(Queues.mediaJobs) private readonly singles: Queue,
    @InjectQueue(Queues.mediaJobsBatch) private readonly batchItems: Queue,
    @InjectQueue(Queues.aiTranscription) private readonly transcription: Queue,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly youtube: YoutubeClient,
    private readonly uploads: UploadsService,
    private readonly usage: UsageService,
    private readonly tags: TagsService,
  ) {}

  async create(req: RpcRequest<'media.videos.create'>): Promise<CreateVideoReply> {
    const caller: VideoCaller = { owner_id: req.owner_id ?? null, visitor_key: req.visitor_key, visitor_quota_key: req.visitor_quota_key, scope: req.scope };
    return this.importVideo(caller, { url: req.url, file_id: req.file_id, language: req.language });
  }

  /**
   * Imports one video by link or uploaded file: reads its captions or plans its transcription,
   * counts it against the caller's allowance and queues its processing. Single videos and the
   * items of a batch (`batch`: their jobs go just after single videos of the same plan) both come here.
   */
  async importVideo(caller: VideoCaller, body: CreateVideoBody, opts: { batch?: boolean } = {}): Promise<CreateVideoReply> {
    if (!caller.owner_id && !caller.visitor_key) throw new DomainError('UNAUTHORIZED');
    const row = body.file_id ? await this.fromFile(caller, body.file_id, body.language) : await this.fromYoutube(caller, body.url!, body.language);
    await this.usage.consumeVideoSummary(caller);
    row.ownerId = caller.owner_id;
    row.visitorKey = caller.owner_id ? null : (caller.visitor_key ?? null);
    row.status = row.transcript ? 'summarizing' : 'transcribing';
    row.progress = 0;
    const jobId = videoImportJobId(randomUUID(), opts.batch);
    row.jobId = jobId;
    row.transcriptText = transcriptText(row.transcript);
    // Premium imports (and their transcription and summary jobs) are taken before free ones.
    const premium = !!caller.owner_id && !!(await this.usage.entitlements(caller))?.premium;
    const saved = await this.videos.save(row);
    await this.importQueue(jobId).add(
      Jobs.videoImport,
      { videoId: saved.id, step: 'start', ownerId: saved.ownerId, visitorKey: saved.visitorKey, premium, ...(opts.batch ? { batch: true } : {}) },
      { jobId, priority: jobPriority(premium, opts.batch) },
    );
    saved.tags = [];
    return { video: viewOf(saved), job_id: publicJobId(videoImportQueue(jobId), jobId) };
  }

  /** Where a video's `video.import` job lives: batch items have a lane of their own (its id tells). */
  private importQueue(jobId: string): Queue {
    return videoImportQueue(jobId) === Queues.mediaJobsBatch ? this.batchItems : this.singles;
  }

  /**
   * Queues the processing of a video again when its job is gone (the copy that created the video
   * stopped between saving it and queueing it). Same job id: a job that exists is left alone.
   */
  async ensureQueued(videoId: string, opts: { batch?: boolean } = {}): Promise<void> {
    const row = await this.videos.byId(videoId);
    if (!row || FINAL.has(row.status) || !row.jobId || (await this.importQueue(row.jobId).getJob(row.jobId))) return;
    const caller: VideoCaller = { owner_id: row.ownerId, visitor_key: row.visitorKey ?? undefined };
    const premium = !!row.ownerId && !!(await this.usage.entitlements(caller))?.premium;
    this.logger.warn(`video ${row.id} had no processing job; queued again`);
    await this.importQueue(row.jobId).add(
      Jobs.videoImport,
      { videoId: row.id, step: 'start', ownerId: row.ownerId, visitorKey: row.visitorKey, premium, ...(opts.batch ? { batch: true } : {}) },
      { jobId: row.jobId, priority: jobPriority(premium, opts.batch) },
    );
  }

  private async fromYoutube(caller: VideoCaller, url: string, language?: string): Promise<Video> {
    const id = parseYouTubeUrl(url)!;
    const info = await this.youtube.video(id);
    const row = this.videos.draft({
      provider: 'youtube',
      providerId: id,
      url: `https://www.youtube.com/watch?v=${id}`,
      title: info.title,
      channel: info.channel,
      duration: info.duration,
      thumbnailUrl: info.thumbnailUrl,
      chapters: chaptersFromDescription(info.description, info.duration),
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

  private async fromFile(caller: VideoCaller, fileId: string, language?: string): Promise<Video> {
    const file = await this.uploads.get(fileId, caller.owner_id);
    const title = file.name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'Untitled';
    const row = this.videos.draft({ provider: 'upload', uploadId: file.file_id, title, url: null });
    const looksLikeSubtitles = SUBTITLE_TYPES.has(file.content_type) || (file.content_type === 'text/plain' && /\.(srt|vtt|ass|ssa)$/i.test(file.name));
    if (looksLikeSubtitles) {
      const text = decodeText(await this.storage.getBuffer(file.storage_key)) ?? '';
      const lines = parseSubtitles(text);
      // A file we took, that holds nothing we can use: 422 like an empty document.
      if (!lines.length) throw new DomainError('DOCUMENT_EMPTY', Messages.subtitlesEmpty);
      row.transcript = lines;
      row.transcriptSource = 'subtitles';
      row.language = language ?? subtitleLanguage(text);
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
    const row = await this.videos.withTags(id);
    const mine =
      row &&
      (caller.owner_id
        ? row.ownerId === caller.owner_id
        : !row.ownerId && !!caller.visitor_key && !!row.visitorKey && safeEqual(row.visitorKey, caller.visitor_key));
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
    // The job is read after its state: read before, a job failing in between has no reason yet.
    const queue = this.importQueue(row.jobId);
    const state = await queue.getJobState(row.jobId);
    if (state !== 'failed' && state !== 'unknown') return;
    const job = state === 'failed' ? await queue.getJob(row.jobId) : undefined;
    row.status = 'failed';
    row.error = job ? jobFailureMessage(await this.rootFailure(job.failedReason, job)) : jobFailureMessage(null, 'VIDEO_PROCESSING_STOPPED');
    await this.videos.markFailed(row.id, row.error);
  }

  /** Why a job failed, through its children (see `rootFailure`). */
  rootFailure(reason: string | undefined, job?: Pick<Job, 'getDependencies'>): Promise<string | undefined> {
    return rootFailure(this.singles, reason, job);
  }

  async list(req: RpcRequest<'media.videos.list'>): Promise<VideoCard[]> {
    if (req.tag && !isUuid(req.tag)) return []; // a tag that cannot exist has no videos
    const rows = await this.videos.listOf(req.owner_id, { favorite: req.favorite, tag: req.tag, q: req.q?.trim() });
    return rows.map(cardOf);
  }

  async update(req: RpcRequest<'media.videos.update'>): Promise<VideoView> {
    const row = await this.find({ owner_id: req.owner_id }, req.id);
    if (req.favorite !== undefined) row.favorite = req.favorite;
    if (req.tag_ids) row.tags = await this.tags.owned(req.owner_id, req.tag_ids);
    await this.videos.save(row);
    return viewOf(row);
  }

  async delete(ownerId: string, id: string): Promise<void> {
    const row = await this.find({ owner_id: ownerId }, id);
    await this.videos.delete(row.id, ownerId);
    if (row.jobId)
      await this.importQueue(row.jobId)
        .remove(row.jobId)
        .catch(() => undefined);
    // The ai service's chunk texts of a transcription (none once merged; this covers a deletion mid-way).
    if (row.transcriptSource === 'transcription') {
      await this.transcription
        .add(Jobs.transcriptionDiscard, { videoId: row.id }, { jobId: `discard-${row.id}`, attempts: 10, backoff: { type: 'exponential', delay: 1_000 } })
        .catch((err: Error) => this.logger.warn(`chunk texts of video ${row.id} not discarded: ${err.message}`));
    }
  }

  async transcript(videoId: string): Promise<RpcResponse<'media.videos.transcript'>> {
    const row = await this.videos.byId(videoId);
    if (!row) throw new DomainError('NOT_FOUND', 'Video not found');
    if (!row.transcript?.length) throw new DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT');
    return { title: row.title, language: row.language, segments: row.transcript, chapters: row.chapters ?? [], length: row.summaryLength ?? 'standard' };
  }

  /**
   * The owner's video summarized again from its transcript as it is now (corrections included),
   * at the length asked for (else the one it had): the same `video.import` path from its
   * `transcribed` step, under a new job id. Not counted as another video.
   */
  async regenerate(req: RpcRequest<'media.videos.regenerate'>): Promise<CreateVideoReply> {
    const row = await this.find({ owner_id: req.owner_id }, req.id);
    await this.reconcile(row);
    if (!FINAL.has(row.status)) throw new DomainError('CONFLICT', STILL_PROCESSING);
    if (!row.transcript?.length) throw new DomainError('CANNOT_SUMMARIZE_NO_TRANSCRIPT');
    const premium = !!(await this.usage.entitlements({ owner_id: req.owner_id }))?.premium;
    const jobId = videoImportJobId(randomUUID());
    row.summaryLength = req.length ?? row.summaryLength ?? 'standard';
    if (!(await this.videos.startResummary(row.id, { summaryLength: row.summaryLength, jobId }))) {
      throw new DomainError('CONFLICT', STILL_PROCESSING);
    }
    Object.assign(row, { status: 'summarizing', progress: 88, error: null, jobId });
    await this.singles.add(
      Jobs.videoImport,
      { videoId: row.id, step: 'transcribed', ownerId: row.ownerId, visitorKey: null, premium, length: row.summaryLength },
      { jobId, priority: jobPriority(premium) },
    );
    return { video: viewOf(row), job_id: publicJobId(Queues.mediaJobs, jobId) };
  }

  /** The owner corrects one transcript line (a name, a term): search uses it at once, the summary once regenerated. */
  async correctLine(req: RpcRequest<'media.videos.correct-line'>): Promise<VideoView> {
    const row = await this.find({ owner_id: req.owner_id }, req.id);
    if (!(await this.videos.correctLine(row.id, req.index, req.text))) throw new DomainError('NOT_FOUND', 'Transcript line not found');
    return viewOf((await this.videos.withTags(row.id))!);
  }

  /** Transcription progress from the ai workers: 5..85 % while chunks are done. */
  async progress(videoId: string, done: number, total: number): Promise<void> {
    if (!(total > 0)) return;
    const progress = Math.min(85, 5 + Math.round((80 * Math.min(done, total)) / total));
    await this.setProgress(videoId, progress, 'transcribing');
  }

  async setProgress(videoId: string, progress: number, status?: Video['status']): Promise<void> {
    if (!(await this.videos.raiseProgress(videoId, progress, status))) return;
    const jobId = await this.videos.jobIdOf(videoId);
    if (jobId) await (await this.importQueue(jobId).getJob(jobId))?.updateProgress(progress).catch(() => undefined);
  }

  /** Everything of a deleted account (idempotent). */
  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.videos.deleteOwnedBy(ownerId);
  }
}
