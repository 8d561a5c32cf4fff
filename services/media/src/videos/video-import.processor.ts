import { OnWorkerEvent, InjectQueue } from '@nestjs/bullmq';
import { Inject, Logger, type OnModuleDestroy } from '@nestjs/common';
import {
  defaultJobOptions,
  JobHandler,
  JobProcessor,
  bullConnection,
  closeBull,
  SERVICE_CONFIG,
  STORAGE,
  type Storage,
  QueueWorker,
} from '@visualnotes/common';
import {
  AsrAudioFormats,
  DomainError,
  jobPriority,
  jobFailureMessage,
  Jobs,
  Messages,
  Queues,
  type AsrAudioFormat,
  type JobPayloads,
  type Summary,
  type TranscriptSegment,
} from '@visualnotes/contracts';
import { FlowProducer, UnrecoverableError, WaitingChildrenError, type Job, type Queue } from 'bullmq';
import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BYTES_PER_SECOND,
  chunkBytesPerSecond,
  detectSilences,
  encodeChunk,
  extractAudio,
  ffmpegPath,
  planChunks,
  readChapters,
  readWavInfo,
} from '../audio/ffmpeg';
import type { MediaConfig } from '../config';
import { YoutubeClient } from '../youtube/youtube.client';
import type { Video } from './video.entity';
import { VideosRepository } from './videos.repository';
import { transcriptText, VideosService } from './videos.service';

type ImportJob = Job<JobPayloads['video.import']>;

const priorityOf = (job: ImportJob) => jobPriority(job.data.premium, job.data.batch);

/** Storage key of one audio chunk of a video. */
export const chunkKey = (videoId: string, index: number, format: AsrAudioFormat = 'wav') =>
  `audio/${videoId}/${String(index).padStart(5, '0')}.${AsrAudioFormats[format].ext}`;

/**
 * One `video.import` job per video, run as steps (BullMQ "process step jobs"):
 * start -> [audio chunks -> ai transcription flow] -> transcribed -> [ai summary] -> summarized.
 * The job waits for its children between steps without holding a worker, and every step can run
 * twice without harm (fixed child job ids, upserts).
 */
@QueueWorker(Queues.mediaJobs, (config: MediaConfig) => ({ concurrency: config.MEDIA_JOB_CONCURRENCY }))
export class VideoImportProcessor extends JobProcessor implements OnModuleDestroy {
  private readonly logger = new Logger(VideoImportProcessor.name);
  private readonly flows: FlowProducer;

  constructor(
    private readonly videos: VideosRepository,
    @InjectQueue(Queues.aiSummaries) private readonly summaries: Queue,
    @InjectQueue(Queues.mediaBatches) private readonly batches: Queue,
    @Inject(STORAGE) private readonly storage: Storage,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    private readonly youtube: YoutubeClient,
    private readonly service: VideosService,
  ) {
    super();
    this.flows = new FlowProducer(bullConnection(config));
    // a connection error (Redis gone, or closing at shutdown) is logged, never an unhandled event
    this.flows.on('error', (err) => this.logger.warn(`flow producer: ${err.message}`));
  }

  async onModuleDestroy() {
    // The jobs in hand finish first: they queue transcription and summary jobs through `flows`.
    // (`_worker`: the `worker` getter throws where this copy runs no workers for the queue.)
    await (this as unknown as { _worker?: { close(): Promise<void> } })._worker?.close();
    await closeBull(this.flows);
  }

  @JobHandler(Jobs.videoImport)
  async importVideo(job: ImportJob, token?: string) {
    const video = await this.videos.byId(job.data.videoId);
    if (!video) return { skipped: 'video deleted' };
    if (video.status === 'ready') return { videoId: video.id };
    let step = job.data.step ?? 'start';

    if (step === 'start') {
      if (!video.transcript?.length) {
        const chunks = await this.startTranscription(job, video);
        await job.updateData({ ...job.data, step: 'transcribed', chunks, chunkFormat: this.config.ASR_AUDIO_FORMAT });
        if (await job.moveToWaitingChildren(token!)) throw new WaitingChildrenError();
      }
      step = 'transcribed';
    }

    if (step === 'transcribed') {
      if (!video.transcript?.length) {
        // A retry can get here before the transcription ends (the copy that queued it stopped before
        // it could wait for it): wait now, and never take a transcript not there yet for none at all.
        if (await job.moveToWaitingChildren(token!)) throw new WaitingChildrenError();
        const merged = await this.childValue<TranscriptSegment[]>(job, Queues.aiTranscription);
        if (!merged) {
          // Nothing to wait for and no transcript: the transcription was never queued (the copy that
          // cut the audio stopped as it queued it). The next attempt starts over.
          await job.updateData({ ...job.data, step: 'start' });
          throw new Error(`the transcription of video ${video.id} was not queued; starting over`);
        }
        if (!merged.length) throw new UnrecoverableError(Messages.noTranscript);
        video.transcript = merged;
        video.transcriptText = transcriptText(merged);
        if (!video.duration) video.duration = merged.at(-1)!.end;
        await this.videos.setTranscript(video.id, video);
      }
      await this.removeAudioChunks(video.id, job.data.chunks ?? 0, job.data.chunkFormat);
      await this.service.setProgress(video.id, 88, 'summarizing');
      // A regenerated summary (its job has a length) is a job of its own beside the first one.
      await this.summaries.add(
        Jobs.summaryVideo,
        { videoId: video.id, language: video.language ?? undefined, length: job.data.length ?? video.summaryLength ?? 'standard' },
        {
          jobId: job.data.length ? `summary-${video.id}-${job.id}` : `summary-${video.id}`,
          priority: priorityOf(job),
          parent: { id: job.id!, queue: job.queueQualifiedName },
          failParentOnFailure: true,
        },
      );
      await job.updateData({ ...job.data, step: 'summarized' });
      if (await job.moveToWaitingChildren(token!)) throw new WaitingChildrenError();
    }

    // the same after a retry: the summary may still be on its way
    if (await job.moveToWaitingChildren(token!)) throw new WaitingChildrenError();
    const summary = await this.childValue<Summary>(job, Queues.aiSummaries);
    if (!summary) throw new Error('The summary job left no result');
    await this.videos.markReady(video.id, summary);
    await job.updateProgress(100);
    return { videoId: video.id };
  }

  private async childValue<T>(job: Job, queue: string): Promise<T | undefined> {
    const values = (await job.getChildrenValues()) as Record<string, T>;
    const key = Object.keys(values).find((k) => k.includes(`:${queue}:`));
    return key ? values[key] : undefined;
  }

  /** The audio chunks are not needed once the transcript is stored (idempotent). */
  private async removeAudioChunks(videoId: string, count: number, format?: AsrAudioFormat) {
    for (let i = 0; i < count; i++) await this.storage.delete(chunkKey(videoId, i, format)).catch(() => undefined);
  }

  /** Mono 16 kHz audio cut at silences into chunks, then one transcription job per chunk and a merge job; returns the chunk count. */
  private async startTranscription(job: ImportJob, video: Video): Promise<number> {
    const bin = ffmpegPath(this.config.FFMPEG_PATH);
    // a batch's audio is cut at a lower priority than a single video someone waits for
    const cpu = { background: !!job.data.batch };
    const dir = await mkdtemp(join(tmpdir(), 'vn-audio-'));
    try {
      const source = join(dir, 'source');
      const wav = join(dir, 'audio.wav');
      await this.download(video, source);
      try {
        await extractAudio(bin, source, wav, cpu);
      } catch (err) {
        this.logger.warn(`audio extraction failed for ${video.id}: ${(err as Error).message}`);
        throw new UnrecoverableError(Messages.noReadableAudio);
      }
      await this.keepChapters(bin, video, source, dir, cpu);
      const info = await readWavInfo(wav);
      const total = info.dataBytes / BYTES_PER_SECOND;
      if (total < 0.2) throw new UnrecoverableError(Messages.noTranscript);
      const format = this.config.ASR_AUDIO_FORMAT;
      const maxSeconds = Math.floor((this.config.MEDIA_CHUNK_MAX_BYTES - 4096) / chunkBytesPerSecond(format, this.config.ASR_AUDIO_KBPS));
      const target = Math.min(this.config.MEDIA_CHUNK_SECONDS, maxSeconds);
      const silences = total > target * 1.25 ? await detectSilences(bin, wav, cpu) : [];
      const plan = planChunks(total, target, maxSeconds, silences);
      const encoded = join(dir, `chunk.${AsrAudioFormats[format].ext}`);
      for (const [i, c] of plan.entries()) {
        await this.storage.put(chunkKey(video.id, i, format), await encodeChunk(bin, wav, info, c, format, this.config.ASR_AUDIO_KBPS, encoded, cpu));
      }
      if (!video.duration) await this.videos.setDuration(video.id, Math.round(total * 1000) / 1000);
      await this.service.setProgress(video.id, 5, 'transcribing');
      const opts = { ...defaultJobOptions, priority: priorityOf(job), failParentOnFailure: true };
      await this.flows.add({
        name: Jobs.transcriptionMerge,
        queueName: Queues.aiTranscription,
        data: { videoId: video.id, chunks: plan.length } satisfies JobPayloads['transcription.merge'],
        opts: { ...opts, jobId: `merge-${video.id}`, parent: { id: job.id!, queue: job.queueQualifiedName } },
        children: plan.map((c, index) => ({
          name: Jobs.transcriptionChunk,
          queueName: Queues.aiTranscription,
          data: {
            videoId: video.id,
            index,
            chunks: plan.length,
            storageKey: chunkKey(video.id, index, format),
            format,
            offset: Math.round(c.start * 1000) / 1000,
            duration: Math.round((c.end - c.start) * 1000) / 1000,
            language: video.language ?? undefined,
            ownerId: video.ownerId,
          } satisfies JobPayloads['transcription.chunk'],
          opts: { ...opts, jobId: `chunk-${video.id}-${index}` },
        })),
      });
      this.logger.log(`video ${video.id}: ${plan.length} audio chunks queued for transcription (${Math.round(total)} s)`);
      return plan.length;
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }

  /** An uploaded file's own chapters (its metadata), kept for the summary; a file without any keeps none. */
  private async keepChapters(bin: string, video: Video, source: string, dir: string, cpu: { background: boolean }) {
    if (!video.mediaKey || video.chapters?.length) return;
    try {
      const chapters = await readChapters(bin, source, join(dir, 'chapters.txt'), cpu);
      if (chapters.length) {
        video.chapters = chapters;
        await this.videos.setChapters(video.id, chapters);
      }
    } catch (err) {
      this.logger.warn(`chapters of ${video.id} not read: ${(err as Error).message}`);
    }
  }

  private async download(video: Video, target: string) {
    const max = this.config.MEDIA_MAX_AUDIO_BYTES;
    let size = 0;
    const limit = new Transform({
      transform(chunk: Buffer, _e, done) {
        size += chunk.length;
        done(size > max ? new UnrecoverableError(Messages.audioTooLarge) : null, chunk);
      },
    });
    if (video.mediaKey) {
      await pipeline(await this.storage.get(video.mediaKey), limit, createWriteStream(target));
      return;
    }
    if (video.provider !== 'youtube' || !video.providerId) throw new UnrecoverableError(Messages.noTranscript);
    try {
      const info = await this.youtube.video(video.providerId);
      if (!info.audioUrl) throw new DomainError('VIDEO_AUDIO_UNAVAILABLE');
      const res = await this.youtube.audio(info.audioUrl);
      await pipeline(Readable.fromWeb(res.body as never), limit, createWriteStream(target));
    } catch (err) {
      if (err instanceof DomainError && err.code === 'VIDEO_AUDIO_UNAVAILABLE') throw new UnrecoverableError(err.message);
      throw err;
    }
  }

  /** The last failure's message stays on the video row for the page. */
  @OnWorkerEvent('failed')
  async onFailed(job: ImportJob | undefined, error: Error) {
    if (!job || error instanceof WaitingChildrenError || error.name === 'WaitingChildrenError') return;
    const final = error instanceof UnrecoverableError || job.attemptsMade >= (job.opts.attempts ?? 1);
    if (!final) return;
    // BullMQ fails a parent whose child failed with "child <key> failed": the child's reason is the
    // user's. Only a sentence of the catalogue is shown (jobFailureMessage), never an error's words.
    const message = jobFailureMessage(await this.service.rootFailure(error.message, job).catch(() => error.message));
    await this.videos.markFailed(job.data.videoId, message).catch(() => undefined);
    await this.batchVideoEnded(job);
  }

  @OnWorkerEvent('completed')
  async onCompleted(job: ImportJob | undefined) {
    if (job) await this.batchVideoEnded(job);
  }

  /** A video of a batch ended: its owner's next batch item may be handed over (the sweep covers a missed one). */
  private async batchVideoEnded(job: ImportJob) {
    if (!job.data.batch || !job.data.ownerId) return;
    await this.batches
      .add(Jobs.batchAdvance, { ownerId: job.data.ownerId }, { removeOnComplete: true, removeOnFail: 100 })
      .catch((err: Error) => this.logger.warn(`batch of video ${job.data.videoId} not advanced: ${err.message}`));
  }
}

/**
 * The same steps for the videos of batches, in a lane of their own (`media-jobs-batch`, its own
 * workers; `WORKER_CONCURRENCY_MEDIA_JOBS_BATCH` sets how many run at once per copy): however many
 * batch items are being downloaded and cut, a single video someone waits for finds a free worker
 * at each of its steps.
 */
@QueueWorker(Queues.mediaJobsBatch, (config: MediaConfig) => ({ concurrency: config.MEDIA_JOB_CONCURRENCY }))
export class BatchVideoImportProcessor extends VideoImportProcessor {}
