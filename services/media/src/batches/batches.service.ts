import { InjectQueue } from '@nestjs/bullmq';
import { Inject, Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import { InjectDataSource, InjectRepository } from '@nestjs/typeorm';
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
  type BatchItemStatus,
  type BatchItemView,
  type BatchStatus,
  type BatchSummaryView,
  type BatchView,
  type RpcRequest,
  type VideoCaller,
} from '@visualnotes/contracts';
import type { Queue } from 'bullmq';
import { randomUUID } from 'node:crypto';
import { DataSource, In, Not, type EntityManager, type Repository } from 'typeorm';
import type { MediaConfig } from '../config';
import { UploadsService } from '../uploads/uploads.service';
import { UsageService } from '../usage/usage.service';
import { Video } from '../videos/video.entity';
import { VideosService } from '../videos/videos.service';
import { YoutubeClient } from '../youtube/youtube.client';
import { Batch, BatchItem } from './batch.entity';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const MAX_FILES = 1000;

interface NewItem {
  kind: BatchItem['kind'];
  ref: string;
  title: string;
}

/** An item row read together with its video's state. */
interface ItemRow {
  id: string;
  batch_id: string;
  title: string;
  status: BatchItemStatus;
  error: string | null;
  video_id: string | null;
  v_status: Video['status'] | null;
  v_title: string | null;
  v_error: string | null;
  v_progress: number | null;
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

const ITEMS_SQL = `
  SELECT i.id, i.batch_id, i.title, i.status, i.error, i.video_id,
         v.status AS v_status, v.title AS v_title, v.error AS v_error, v.progress AS v_progress
    FROM media.batch_items i
    LEFT JOIN media.videos v ON v.id = i.video_id`;

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
    @InjectRepository(Batch) private readonly batches: Repository<Batch>,
    @InjectRepository(BatchItem) private readonly items: Repository<BatchItem>,
    @InjectRepository(Video) private readonly videos: Repository<Video>,
    @InjectDataSource() private readonly db: DataSource,
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
    const existing = await this.videos.find({
      where: [
        ...(youtubeRefs.length ? [{ ownerId, provider: 'youtube' as const, providerId: In(youtubeRefs), status: Not('failed' as const) }] : []),
        ...(fileRefs.length ? [{ ownerId, uploadId: In(fileRefs), status: Not('failed' as const) }] : []),
      ],
      select: { id: true, providerId: true, uploadId: true, title: true, status: true, createdAt: true },
      order: { createdAt: 'ASC' },
    });
    for (const v of existing) {
      const key = (v.providerId ?? v.uploadId)!;
      if (!have.has(key)) have.set(key, v);
    }

    const batch = this.batches.create({
      id: randomUUID(),
      ownerId,
      scope: req.scope ?? null,
      title: title.slice(0, 300),
      source,
      language: req.language?.slice(0, 20) ?? null,
      status: 'running',
    });
    const rows = wanted.map((w, position) => {
      const video = have.get(w.ref);
      return this.items.create({
        id: randomUUID(),
        batchId: batch.id,
        position,
        kind: w.kind,
        ref: w.ref,
        title: (video?.title ?? w.title).slice(0, 500),
        videoId: video?.id ?? null,
        status: video ? (video.status === 'ready' ? 'done' : 'processing') : 'pending',
        error: null,
      });
    });
    await this.db.transaction(async (m) => {
      await m.save(batch);
      await m.save(rows, { chunk: 200 });
    });
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
    const rows: { id: string; title: string; status: Video['status']; upload_id: string; sha256: string }[] = await this.db.query(
      `SELECT v.id, v.title, v.status, v.upload_id, u.sha256
         FROM media.videos v JOIN media.uploads u ON u.id = v.upload_id
        WHERE v.owner_id = $1 AND u.owner_id = $1 AND v.status <> 'failed' AND u.sha256 = ANY($2)
        ORDER BY v.created_at`,
      [ownerId, hashes],
    );
    const map = new Map<string, Pick<Video, 'id' | 'title' | 'status' | 'uploadId'>>();
    for (const r of rows) if (!map.has(r.sha256)) map.set(r.sha256, { id: r.id, title: r.title, status: r.status, uploadId: r.upload_id });
    return map;
  }

  private checkSize(count: number, premium: boolean, max: number) {
    if (count <= max) return;
    if (!premium && count <= this.config.BATCH_MAX_ITEMS_PREMIUM) {
      throw new DomainError('BATCH_NEEDS_PREMIUM', Messages.batchNeedsPremium.replace('{n}', String(max)));
    }
    throw new DomainError('BATCH_TOO_LARGE', Messages.batchTooLarge.replace('{n}', String(max)));
  }

  /** Queues an advance of the owner's batches (several at once are harmless: advances take a per-user lock). */
  async kick(ownerId: string): Promise<void> {
    await this.queue.add(Jobs.batchAdvance, { ownerId }, { removeOnComplete: true, removeOnFail: 100 });
  }

  private async find(ownerId: string, id: string): Promise<Batch> {
    const row = UUID.test(String(id)) ? await this.batches.findOneBy({ id }) : null;
    if (!row || row.ownerId !== ownerId) throw new DomainError('BATCH_NOT_FOUND');
    return row;
  }

  async get(ownerId: string, id: string): Promise<BatchView> {
    const batch = await this.find(ownerId, id);
    const rows: ItemRow[] = await this.db.query(`${ITEMS_SQL} WHERE i.batch_id = $1 ORDER BY i.position`, [batch.id]);
    const items = rows.map(itemView);
    return { ...summary(batch, items), items };
  }

  async list(ownerId: string): Promise<BatchSummaryView[]> {
    const batches = await this.batches.find({ where: { ownerId }, order: { createdAt: 'DESC' }, take: 100 });
    if (!batches.length) return [];
    const rows: ItemRow[] = await this.db.query(`${ITEMS_SQL} WHERE i.batch_id = ANY($1::uuid[])`, [batches.map((b) => b.id)]);
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
    await this.withOwnerLock(ownerId, async (m) => {
      if (failed.length) {
        await m.update(BatchItem, { id: In(failed.map((i) => i.id)) }, { status: 'pending', error: null, videoId: null });
      }
      await m.update(Batch, { id: batch.id }, { status: 'running' });
    });
    await this.kick(ownerId);
    return this.get(ownerId, id);
  }

  /** Pending items are cancelled; items already handed to the workers finish and stay in the library. */
  async cancel(ownerId: string, id: string): Promise<BatchView> {
    const batch = await this.find(ownerId, id);
    await this.withOwnerLock(ownerId, async (m) => {
      await m.update(BatchItem, { batchId: batch.id, status: 'pending' }, { status: 'cancelled' });
      await m.update(Batch, { id: batch.id }, { status: 'cancelled' });
    });
    return this.get(ownerId, id);
  }

  private withOwnerLock<T>(ownerId: string, fn: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.db.transaction(async (m) => {
      await m.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`batches:${ownerId}`]);
      return fn(m);
    });
  }

  /**
   * Records the end of the owner's finished items, then hands pending items to the import path
   * until `BATCH_ITEMS_IN_FLIGHT` of the owner's items are in the queues. Safe to run twice or at
   * once on several copies (per-user lock); an item whose import is refused (over the allowance,
   * video not found) fails with the catalogue's sentence and the next one is taken.
   */
  async advance(ownerId: string): Promise<{ started: number }> {
    let started = 0;
    await this.withOwnerLock(ownerId, async (m) => {
      await m.query(
        `UPDATE media.batch_items i
            SET status = CASE WHEN v.status = 'ready' THEN 'done' ELSE 'failed' END,
                error = CASE WHEN v.status = 'failed' THEN v.error ELSE NULL END,
                updated_at = now()
           FROM media.videos v, media.batches b
          WHERE v.id = i.video_id AND b.id = i.batch_id AND b.owner_id = $1
            AND i.status = 'processing' AND v.status IN ('ready', 'failed')`,
        [ownerId],
      );
      await m.query(
        `UPDATE media.batch_items i SET status = 'failed', error = $2, updated_at = now()
           FROM media.batches b
          WHERE b.id = i.batch_id AND b.owner_id = $1 AND i.status = 'processing' AND i.video_id IS NULL`,
        [ownerId, ErrorCatalogue.VIDEO_PROCESSING_STOPPED.message],
      );
      for (;;) {
        const [{ n }] = (await m.query(
          `SELECT count(*)::int AS n FROM media.batch_items i JOIN media.batches b ON b.id = i.batch_id
            WHERE b.owner_id = $1 AND i.status = 'processing'`,
          [ownerId],
        )) as { n: number }[];
        const slots = this.config.BATCH_ITEMS_IN_FLIGHT - n;
        if (slots <= 0) break;
        const next: (BatchItem & { scope: unknown; language: string | null })[] = await m.query(
          `SELECT i.id, i.kind, i.ref, i.batch_id AS "batchId", b.scope, b.language
             FROM media.batch_items i JOIN media.batches b ON b.id = i.batch_id
            WHERE b.owner_id = $1 AND b.status = 'running' AND i.status = 'pending'
            ORDER BY b.created_at, i.position
            LIMIT $2`,
          [ownerId, slots],
        );
        if (!next.length) break;
        for (const item of next) {
          const { title, ...result } = await this.importItem(ownerId, item);
          await m.update(BatchItem, { id: item.id }, title ? { ...result, title: title.slice(0, 500) } : result);
          // a batch of links is named after its first video once that one's title is known
          if (title && item.kind === 'youtube') {
            await m.query(`UPDATE media.batches SET title = $2 WHERE id = $1 AND source = 'urls' AND title = $3`, [
              item.batchId,
              title.slice(0, 300),
              `https://www.youtube.com/watch?v=${item.ref}`,
            ]);
          }
          if (result.status === 'processing') started++;
        }
      }
      await m.query(
        `UPDATE media.batches b SET status = 'completed', updated_at = now()
          WHERE b.owner_id = $1 AND b.status = 'running'
            AND NOT EXISTS (SELECT 1 FROM media.batch_items i WHERE i.batch_id = b.id AND i.status IN ('pending', 'processing'))`,
        [ownerId],
      );
    });
    return { started };
  }

  /** One item through the single-video import (or the video the user already has). */
  private async importItem(
    ownerId: string,
    item: Pick<BatchItem, 'kind' | 'ref'> & { scope: unknown; language: string | null },
  ): Promise<Pick<BatchItem, 'status' | 'error' | 'videoId'> & { title?: string }> {
    // a file: any video of the owner made from the same content (another batch may have imported it meanwhile)
    const where =
      item.kind === 'youtube'
        ? { ownerId, provider: 'youtube' as const, providerId: item.ref }
        : { ownerId, uploadId: In(await this.uploads.sameContent(ownerId, item.ref)) };
    const have = await this.videos.findOne({
      where: { ...where, status: Not('failed' as const) },
      select: { id: true, title: true, status: true },
      order: { createdAt: 'ASC' },
    });
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
      return { status: 'failed', error: jobFailureMessage(err instanceof DomainError ? err.message : null), videoId: null };
    }
  }

  beforeApplicationShutdown() {
    this.closing = true;
  }

  /** Advances the owners of every running batch (resumes batches after a restart). */
  async sweep(): Promise<number> {
    const owners: { owner_id: string }[] = await this.db.query(`SELECT DISTINCT owner_id FROM media.batches WHERE status = 'running'`);
    for (const o of owners) await this.kick(o.owner_id);
    return owners.length;
  }

  /** Everything of a deleted account (idempotent). */
  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.batches.delete({ ownerId });
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
