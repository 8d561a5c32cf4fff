import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import {
  createBatchSchema,
  DomainError,
  ErrorCatalogue,
  jobFailureMessage,
  Jobs,
  Messages,
  parsePlaylistUrl,
  parseYouTubeUrl,
  Queues,
  type BatchItemView,
  type BatchStatus,
  type BatchSummaryView,
  type BatchView,
  type RpcRequest,
  type VideoCaller,
  clipText,
} from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import type { MediaConfig } from '../config';
import { UploadsService } from '../uploads/uploads.service';
import { UsageService } from '../usage/usage.service';
import { Video } from '../videos/video.entity';
import { VideosRepository } from '../videos/videos.repository';
import { VideosService } from '../videos/videos.service';
import { YoutubeClient } from '../youtube/youtube.client';
import { Batch, BatchItem } from './batch.entity';
import { BatchesRepository, type BatchStore, type ItemRow, type NextItem } from './batches.repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_FILES = 1000;

interface NewItem {
  kind: BatchItem['kind'];
  ref: string;
  title: string;
}

/** An item's state as the user sees it: from its video once it has one. */
function itemView(r: ItemRow): BatchItemView {
  let status = r.status;
  let error = r.error;
  if (r.status === 'processing' || r.status === 'done' || (r.status === 'failed' && r.video_id)) {
    if (r.v_status === 'ready') status = 'done';
    else if (r.v_status === 'failed') status = 'failed';
    else if (r.v_status) status = 'processing';
    else if (r.status === 'processing') status = 'failed';
    if (status === 'failed') error = r.v_error ?? r.error ?? ErrorCatalogue.VIDEO_PROCESSING_STOPPED.message;
    if (status !== 'failed') error = null;
  }
  return {
    id: r.id,
    video_id: r.video_id,
    title: r.v_title ?? r.title,
    status,
    error,
    progress: status === 'done' ? 100 : status === 'processing' ? (r.v_progress ?? 0) : 0,
  };
}

/**
 * Batches: many videos imported as one piece of work. Each item is imported through the same path
 * as a single video (`VideosService.importVideo`), so it is an ordinary library video counted
 * against the same allowance (atomically, in the license service). Items wait as rows and are handed
 * to the queues only `BATCH_ITEMS_IN_FLIGHT` per user at a time, under a per-user database lock:
 * a large batch never fills the queues ahead of other users, and nothing is lost on a restart.
 */
@Injectable()
export class BatchesService implements BeforeApplicationShutdown {
  private closing = false;
  private readonly logger = new Logger(BatchesService.name);

  constructor(
    @Inject(BatchesRepository) private readonly batches: BatchStore,
    @Inject(VideosRepository) private readonly videos: Pick<VideosRepository, 'notFailedOf' | 'firstNotFailed' | 'ofContent'>,
    @InjectQueue(Queues.mediaBatches) private readonly queue: Queue,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
    private readonly videosService: VideosService,
    private readonly youtube: YoutubeClient,
    private readonly uploads: UploadsService,
    private readonly usage: UsageService,
  ) {}

  async create(req: RpcRequest<'media.batches.create'>): Promise<BatchView> {
    const ownerId = req.owner_id;
    if (!ownerId) throw new DomainError('UNAUTHORIZED');
    const caller: VideoCaller = { owner_id: ownerId, scope: req.scope };
    const premium = !!(await this.usage.entitlements(caller))?.premium;
    const max = premium ? this.config.BATCH_MAX_ITEMS_PREMIUM : Math.min(this.config.BATCH_MAX_ITEMS_FREE, this.config.BATCH_MAX_ITEMS_PREMIUM);

    let source: Batch['source'];
    let title: string;
    let wanted: NewItem[];
    /** Files of this request that duplicate another one (same content): removed once the batch is saved. */
    const redundant: string[] = [];
    const have = new Map<string, Pick<Video, 'id' | 'title' | 'status'>>();
    if (req.file_ids?.length) {
      source = 'files';
      const ids = [...new Set(req.file_ids.map(String))].slice(0, MAX_FILES + 1);
      for (const id of ids) await this.uploads.get(id, ownerId);
      // Identical files (same SHA-256) are one item: the first of them, or the file of a video the
      // user already has from the same content.
      const hashes = await this.uploads.contentHashes(ownerId, ids);
      const fromHash = await this.videosOfContent(ownerId, [...new Set(hashes.values())]);
      const seen = new Set<string>();
      const kept: string[] = [];
      for (const id of ids) {
        const hash = hashes.get(id);
        if (seen.has(hash ?? id)) {
          redundant.push(id);
          continue;
        }
        seen.add(hash ?? id);
        const video = hash ? fromHash.get(hash) : undefined;
        if (video?.uploadId && video.uploadId !== id) redundant.push(id);
        const ref = video?.uploadId ?? id;
        kept.push(ref);
        if (video) have.set(ref, video);
      }
      this.checkSize(kept.length, premium, max);
      wanted = [];
      for (const id of kept) {
        const file = await this.uploads.get(id, ownerId);
        wanted.push({ kind: 'file', ref: file.file_id, title: file.name.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'Untitled' });
      }
      title = wanted[0].title;
    } else {
      const parsed = createBatchSchema.safeParse({ urls: req.urls, playlist_url: req.playlist_url, language: req.language });
      if (!parsed.success) throw new DomainError('VALIDATION_FAILED', parsed.error.issues[0]?.message);
      if (parsed.data.playlist_url?.trim()) {
        source = 'playlist';
        const list = await this.youtube.playlist(parsePlaylistUrl(parsed.data.playlist_url)!, Math.max(max, this.config.BATCH_MAX_ITEMS_PREMIUM));
        wanted = list.videos.map((v) => ({ kind: 'youtube' as const, ref: v.id, title: v.title }));
        title = list.title;
      } else {
        source = 'urls';
        wanted = (parsed.data.urls ?? [])
          .map((u) => u.trim())
          .filter(Boolean)
          .map((u) => {
            const id = parseYouTubeUrl(u)!;
            return { kind: 'youtube' as const, ref: id, title: `https://www.youtube.com/watch?v=${id}` };
          });
        title = wanted[0]?.title ?? '';
      }
      // the same video twice in one batch is one item
      const seen = new Set<string>();
      wanted = wanted.filter((w) => !seen.has(w.ref) && !!seen.add(w.ref));
      this.checkSize(wanted.length, premium, max);
    }
    if (!wanted.length) throw new DomainError('BATCH_EMPTY');

    // Videos the user already has (not failed) are reused, not imported and counted again.
    const youtubeRefs = wanted.filter((w) => w.kind === 'youtube').map((w) => w.ref);
    const fileRefs = wanted.filter((w) => w.kind === 'file').map((w) => w.ref);
    const existing = await this.videos.notFailedOf(ownerId, youtubeRefs, fileRefs);
    for (const v of existing) {
      const key = (v.providerId ?? v.uploadId)!;
      if (!have.has(key)) have.set(key, v);
    }

    const batch = this.batches.draft({
      id: randomUUID(),
      ownerId,
      scope: req.scope ?? null,
      title: clipText(title, 300, true),
      source,
      language: req.language?.slice(0, 20) ?? null,
      status: 'running',
    });
    const rows = wanted.map((w, position) => {
      const video = have.get(w.ref);
      return this.batches.draftItem({
        id: randomUUID(),
        batchId: batch.id,
        position,
        kind: w.kind,
        ref: w.ref,
        title: clipText(video?.title ?? w.title, 500, true),
        videoId: video?.id ?? null,
        status: video ? (video.status === 'ready' ? 'done' : 'processing') : 'pending',
        error: null,
      });
    });
    await this.batches.transaction((tx) => this.batches.insert(batch, rows, tx));
    if (redundant.length) {
      await this.uploads
        .discard(ownerId, redundant)
        .catch((err: Error) => this.logger.warn(`duplicate files of batch ${batch.id} not removed: ${err.message}`));
    }
    await this.kick(ownerId);
    return this.get(ownerId, batch.id);
  }

  /** The oldest video (not failed) of the owner made from an uploaded file with each content hash, with that file's id. */
  private async videosOfContent(ownerId: string, hashes: string[]): Promise<Map<string, Pick<Video, 'id' | 'title' | 'status' | 'uploadId'>>> {
    if (!hashes.length) return new Map();
    const rows = await this.videos.ofContent(ownerId, hashes);
    const map = new Map<string, Pick<Video, 'id' | 'title' | 'status' | 'uploadId'>>();
    for (const r of rows) if (!map.has(r.sha256)) map.set(r.sha256, { id: r.id, title: r.title, status: r.status, uploadId: r.upload_id });
    return map;
  }

  private checkSize(count: number, premium: boolean, max: number) {
    if (count <= max) return;
    if (!premium && count <= this.config.BATCH_MAX_ITEMS_PREMIUM) {
      throw new DomainError('BATCH_NEEDS_PREMIUM', Messages.batchNeedsPremium.replace('{n}', String(max)));
    }
    if (!premium) {
      const message = Messages.batchTooLargeFree.replace('{n}', String(max)).replace('{premium}', String(this.config.BATCH_MAX_ITEMS_PREMIUM));
      throw new DomainError('BATCH_TOO_LARGE', message);
    }
    throw new DomainError('BATCH_TOO_LARGE', Messages.batchTooLarge.replace('{n}', String(max)));
  }

  /** Queues an advance of the owner's batches (several at once are harmless: advances take a per-user lock). */
  async kick(ownerId: string): Promise<void> {
    await this.queue.add(Jobs.batchAdvance, { ownerId }, { removeOnComplete: true, removeOnFail: 100 });
  }

  private async find(ownerId: string, id: string): Promise<Batch> {
    const row = UUID.test(String(id)) ? await this.batches.byId(id) : null;
    if (!row || row.ownerId !== ownerId) throw new DomainError('BATCH_NOT_FOUND');
    return row;
  }

  async get(ownerId: string, id: string): Promise<BatchView> {
    const batch = await this.find(ownerId, id);
    const rows = await this.batches.itemsOf(batch.id);
    const items = rows.map(itemView);
    return { ...summary(batch, items), items };
  }

  async list(ownerId: string): Promise<BatchSummaryView[]> {
    const batches = await this.batches.recent(ownerId);
    if (!batches.length) return [];
    const rows: ItemRow[] = await this.batches.itemsOfAll(batches.map((b) => b.id));
    const byBatch = new Map<string, BatchItemView[]>();
    for (const r of rows) {
      const list = byBatch.get(r.batch_id) ?? [];
      list.push(itemView(r));
      byBatch.set(r.batch_id, list);
    }
    return batches.map((b) => summary(b, byBatch.get(b.id) ?? []));
  }

  /** Failed items go back to pending (their failed videos are removed from the library first). */
  async retry(ownerId: string, id: string): Promise<BatchView> {
    const batch = await this.find(ownerId, id);
    const view = await this.get(ownerId, id);
    const failed = view.items.filter((i) => i.status === 'failed');
    for (const item of failed) {
      if (item.video_id) await this.videosService.delete(ownerId, item.video_id).catch(() => undefined);
    }
    await this.batches.withOwnerLock(ownerId, async (tx) => {
      if (failed.length) {
        await this.batches.resetItems(
          failed.map((i) => i.id),
          tx,
        );
      }
      await this.batches.setStatus(batch.id, 'running', tx);
    });
    await this.kick(ownerId);
    return this.get(ownerId, id);
  }

  /** Pending items are cancelled; items already handed to the workers finish and stay in the library. */
  async cancel(ownerId: string, id: string): Promise<BatchView> {
    const batch = await this.find(ownerId, id);
    await this.batches.withOwnerLock(ownerId, async (tx) => {
      await this.batches.cancelPending(batch.id, tx);
      await this.batches.setStatus(batch.id, 'cancelled', tx);
    });
    return this.get(ownerId, id);
  }

  /**
   * Records the end of the owner's finished items, then hands pending items to the import path
   * until `BATCH_ITEMS_IN_FLIGHT` of the owner's items are in the queues. Safe to run twice or at
   * once on several copies (per-user lock); an item whose import is refused (over the allowance,
   * video not found) fails with the catalogue's sentence and the next one is taken.
   */
  async advance(ownerId: string): Promise<{ started: number }> {
    let started = 0;
    await this.batches.withOwnerLock(ownerId, async (tx) => {
      await this.batches.settleFinished(ownerId, tx);
      await this.batches.failWithoutVideo(ownerId, ErrorCatalogue.VIDEO_PROCESSING_STOPPED.message, tx);
      for (;;) {
        const slots = this.config.BATCH_ITEMS_IN_FLIGHT - (await this.batches.processingCount(ownerId, tx));
        if (slots <= 0) break;
        const next = await this.batches.nextPending(ownerId, slots, tx);
        if (!next.length) break;
        for (const item of next) {
          const { title, ...result } = await this.importItem(ownerId, item);
          await this.batches.updateItem(item.id, title ? { ...result, title: clipText(title, 500, true) } : result, tx);
          // a batch of links is named after its first video once that one's title is known
          if (title && item.kind === 'youtube') {
            await this.batches.renameFromLink(item.batchId, clipText(title, 300, true), `https://www.youtube.com/watch?v=${item.ref}`, tx);
          }
          if (result.status === 'processing') started++;
        }
      }
      await this.batches.completeFinished(ownerId, tx);
    });
    return { started };
  }

  /** One item through the single-video import (or the video the user already has). */
  private async importItem(
    ownerId: string,
    item: Pick<NextItem, 'kind' | 'ref' | 'scope' | 'language'>,
  ): Promise<Pick<BatchItem, 'status' | 'error' | 'videoId'> & { title?: string }> {
    // a file: any video of the owner made from the same content (another batch may have imported it meanwhile)
    const have = await this.videos.firstNotFailed(
      ownerId,
      item.kind === 'youtube' ? { youtubeId: item.ref } : { uploadIds: await this.uploads.sameContent(ownerId, item.ref) },
    );
    if (have) {
      if (have.status !== 'ready') await this.videosService.ensureQueued(have.id, { batch: true });
      return { status: have.status === 'ready' ? 'done' : 'processing', error: null, videoId: have.id, title: have.title };
    }
    const caller: VideoCaller = { owner_id: ownerId, scope: item.scope ?? undefined };
    const body = item.kind === 'youtube' ? { url: item.ref, language: item.language ?? undefined } : { file_id: item.ref };
    try {
      const { video } = await this.videosService.importVideo(caller, body, { batch: true });
      return { status: 'processing', error: null, videoId: video.id, title: video.title };
    } catch (err) {
      // This copy stopping, or Redis/PostgreSQL out of reach, is not the item's fault: the error ends
      // the advance (its transaction rolls back, the item stays pending) and the next advance takes it.
      if (!(err instanceof DomainError) && (this.closing || unreachable(err))) throw err;
      if (!(err instanceof DomainError)) this.logger.warn(`batch item ${item.kind}:${item.ref} of ${ownerId} not imported: ${(err as Error).message}`);
      // a refusal of ours is already in the user's words (e.g. a subtitle file without captions)
      return { status: 'failed', error: err instanceof DomainError ? err.message : jobFailureMessage(null), videoId: null };
    }
  }

  beforeApplicationShutdown() {
    this.closing = true;
  }

  /** Advances the owners of every running batch (resumes batches after a restart). */
  async sweep(): Promise<number> {
    const owners = await this.batches.runningOwners();
    for (const owner of owners) await this.kick(owner);
    return owners.length;
  }

  /** Everything of a deleted account (idempotent). */
  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.batches.deleteOwnedBy(ownerId);
  }
}

function summary(b: Batch, items: BatchItemView[]): BatchSummaryView {
  const done = items.filter((i) => i.status === 'done').length;
  const failed = items.filter((i) => i.status === 'failed').length;
  let status: BatchStatus = b.status;
  if (status === 'running' && items.every((i) => i.status === 'done' || i.status === 'failed' || i.status === 'cancelled')) status = 'completed';
  return { id: b.id, title: b.title, status, total: items.length, done, failed, created_at: b.createdAt.toISOString() };
}

/** A connection that closed or could not be made (ioredis, pg, sockets), as opposed to a refusal or a bug. */
function unreachable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return (
    /^(ECONNREFUSED|ECONNRESET|ETIMEDOUT|EPIPE|ENOTFOUND)$/.test(e?.code ?? '') ||
    /connection is closed|connection terminated|stream isn't writeable/i.test(e?.message ?? '')
  );
}
