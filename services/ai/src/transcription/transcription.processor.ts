import { InjectQueue, OnWorkerEvent } from '@nestjs/bullmq';
import { Inject, Logger } from '@nestjs/common';
import { JobHandler, JobProcessor, RpcClient, STORAGE, type Storage, QueueWorker } from '@visualnotes/common';
import { Jobs, Messages, Patterns, Queues, type JobPayloads, type TranscriptSegment } from '@visualnotes/contracts';
import { UnrecoverableError, type Job, type Queue } from 'bullmq';
import type { AiConfig } from '../config';
import { AsrClient, AsrNotConfiguredError } from './asr.client';
import { TranscriptChunksRepository, type TranscriptChunkStore } from './transcript-chunks.repository';

const round = (n: number) => Math.round(n * 1000) / 1000;
/** Chunk texts of a transcription that never got merged (a chunk failed for good) go after this long. */
const STALE_CHUNK_MS = 30 * 24 * 3600 * 1000;

/**
 * Transcription of long videos: one job per audio chunk (any number of ai workers share them) and
 * a merge job, their parent in a BullMQ flow. A chunk's text is stored under (video, chunk index)
 * with an upsert before the job completes, so a worker killed mid-way costs one redelivery
 * (BullMQ stalled-job recovery) and never doubles or loses text. The chunk texts are removed once
 * the merge job has completed (its return value holds the transcript), when the video is deleted
 * (`transcription.discard`) and when its account is deleted.
 */
@QueueWorker(Queues.aiTranscription, (config: AiConfig) => ({
  concurrency: config.AI_TRANSCRIPTION_CONCURRENCY,
  lockDuration: config.AI_JOB_LOCK_MS,
  stalledInterval: config.AI_JOB_LOCK_MS,
}))
export class TranscriptionProcessor extends JobProcessor {
  private readonly logger = new Logger(TranscriptionProcessor.name);

  constructor(
    @Inject(TranscriptChunksRepository) private readonly chunks: TranscriptChunkStore,
    @Inject(STORAGE) private readonly storage: Storage,
    private readonly asr: AsrClient,
    private readonly rpc: RpcClient,
    @InjectQueue(Queues.aiTranscription) private readonly queue: Queue,
  ) {
    super();
  }

  @JobHandler(Jobs.transcriptionChunk)
  async transcribeChunk(job: Job<JobPayloads['transcription.chunk']>) {
    const { videoId, index, storageKey, offset, duration, language } = job.data;
    const ownerId = job.data.ownerId ?? null;
    const done = await this.chunks.has(videoId, index);
    if (!done) {
      let audio: Buffer;
      try {
        audio = await this.storage.getBuffer(storageKey);
      } catch {
        throw new UnrecoverableError(Messages.audioGone);
      }
      let lines: TranscriptSegment[];
      try {
        lines = await this.asr.transcribe(audio, `chunk-${index}`, duration, language, job.data.format ?? 'wav');
      } catch (err) {
        if (err instanceof AsrNotConfiguredError) throw new UnrecoverableError(err.message);
        throw err;
      }
      const segments = lines.map((s) => ({
        start: round(offset + Math.max(0, Math.min(s.start, duration))),
        end: round(offset + Math.max(0, Math.min(Math.max(s.end, s.start), duration))),
        text: s.text,
      }));
      await this.chunks.upsert({ videoId, index, offset, segments, ownerId });
    }
    const count = await this.chunks.countOf(videoId);
    void this.rpc
      .send(Patterns.media.videosProgress, { video_id: videoId, done: count, total: job.data.chunks })
      .catch((err: Error) => this.logger.debug(`progress not reported: ${err.message}`));
    return { index };
  }

  @JobHandler(Jobs.transcriptionMerge)
  async merge(job: Job<JobPayloads['transcription.merge']>): Promise<TranscriptSegment[]> {
    const rows = await this.chunks.ofVideo(job.data.videoId);
    const have = new Set(rows.map((r) => r.index));
    const missing = Array.from({ length: job.data.chunks }, (_, i) => i).filter((i) => !have.has(i));
    if (missing.length) throw new Error(`Chunks ${missing.slice(0, 10).join(', ')} of video ${job.data.videoId} have no text yet`);
    const segments = rows.filter((r) => r.index < job.data.chunks).flatMap((r) => r.segments);
    return segments;
  }

  /**
   * The video was deleted: its pending chunk jobs and its merge job go, then its chunk texts. While
   * a chunk is being transcribed right now (its job is locked) nothing can be removed; the job fails
   * and is retried later (backoff), so a chunk finishing after the deletion leaves no text behind.
   */
  @JobHandler(Jobs.transcriptionDiscard)
  async discard(job: Job<JobPayloads['transcription.discard']>) {
    const { videoId } = job.data;
    let busy = false;
    const merge = await this.queue.getJob(`merge-${videoId}`);
    if (merge && !['completed', 'failed'].includes(await merge.getState())) {
      // Chunks not started yet go at once; 0: the merge job or a chunk is locked by a worker right now.
      await merge.removeUnprocessedChildren();
      busy = (await this.queue.remove(merge.id!, { removeChildren: true })) === 0;
    }
    const removed = await this.chunks.deleteOfVideo(videoId);
    if (busy) throw new Error(`video ${videoId} still has a chunk being transcribed; trying again later`);
    return { removed };
  }

  /**
   * After (never before) the merge job completed: its return value is stored, so the chunk texts
   * can go. A worker killed in between leaves them for the next sweep; a retried merge before
   * completion still finds every chunk.
   */
  @OnWorkerEvent('completed')
  async onCompleted(job: Job) {
    if (job.name !== Jobs.transcriptionMerge) return;
    const { videoId } = job.data as JobPayloads['transcription.merge'];
    try {
      await this.chunks.deleteOfVideo(videoId);
      await this.chunks.deleteTranscribedBefore(new Date(Date.now() - STALE_CHUNK_MS));
    } catch (err) {
      this.logger.warn(`chunk texts of video ${videoId} not removed: ${(err as Error).message}`);
    }
  }
}
