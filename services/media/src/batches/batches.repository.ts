import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { BatchItemStatus } from '@visualnotes/contracts';
import { In, type DataSource, type DeepPartial, type EntityManager, type EntityTarget, type ObjectLiteral, type Repository } from 'typeorm';
import type { Video } from '../videos/video.entity';
import { Batch, BatchItem } from './batch.entity';

/** A database transaction in progress: repository calls given the same `tx` commit or roll back together. */
export type Tx = EntityManager;

/** An item row read together with its video's state. */
export interface ItemRow {
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

/** A pending item to hand to the import path, with what its batch says about it. */
export type NextItem = Pick<BatchItem, 'id' | 'kind' | 'ref' | 'batchId'> & { scope: unknown; language: string | null };

const ITEMS_SQL = `
  SELECT i.id, i.batch_id, i.title, i.status, i.error, i.video_id,
         v.status AS v_status, v.title AS v_title, v.error AS v_error, v.progress AS v_progress
    FROM media.batch_items i
    LEFT JOIN media.videos v ON v.id = i.video_id`;

/**
 * Every query on batches and their items. The statements that join items to videos or update
 * through a join are SQL. Pass `tx` to run inside a transaction.
 */
@Injectable()
export class BatchesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private of<E extends ObjectLiteral>(entity: EntityTarget<E>, tx?: Tx): Repository<E> {
    return (tx ?? this.db.manager).getRepository(entity);
  }

  /** Runs `work` in one transaction. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }

  /** Runs `work` in one transaction that alone changes the owner's batches until it ends. */
  withOwnerLock<T>(ownerId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`batches:${ownerId}`]);
      return work(tx);
    });
  }

  /** A new, unsaved batch. */
  draft(values: DeepPartial<Batch>): Batch {
    return this.of(Batch).create(values);
  }

  /** A new, unsaved item. */
  draftItem(values: DeepPartial<BatchItem>): BatchItem {
    return this.of(BatchItem).create(values);
  }

  /** Saves a batch and its items. */
  async insert(batch: Batch, items: BatchItem[], tx: Tx): Promise<void> {
    await this.of(Batch, tx).save(batch);
    await this.of(BatchItem, tx).save(items, { chunk: 200 });
  }

  byId(id: string): Promise<Batch | null> {
    return this.of(Batch).findOneBy({ id });
  }

  /** An owner's newest batches (at most 100). */
  recent(ownerId: string): Promise<Batch[]> {
    return this.of(Batch).find({ where: { ownerId }, order: { createdAt: 'DESC' }, take: 100 });
  }

  /** A batch's items in order, with their videos' state. */
  itemsOf(batchId: string): Promise<ItemRow[]> {
    return this.db.query(`${ITEMS_SQL} WHERE i.batch_id = $1 ORDER BY i.position`, [batchId]);
  }

  /** The items of several batches, with their videos' state. */
  itemsOfAll(batchIds: string[]): Promise<ItemRow[]> {
    return this.db.query(`${ITEMS_SQL} WHERE i.batch_id = ANY($1::uuid[])`, [batchIds]);
  }

  async setStatus(id: string, status: Batch['status'], tx: Tx): Promise<void> {
    await this.of(Batch, tx).update({ id }, { status });
  }

  /** The items back to pending, without video or error. */
  async resetItems(ids: string[], tx: Tx): Promise<void> {
    await this.of(BatchItem, tx).update({ id: In(ids) }, { status: 'pending', error: null, videoId: null });
  }

  /** A batch's pending items are cancelled. */
  async cancelPending(batchId: string, tx: Tx): Promise<void> {
    await this.of(BatchItem, tx).update({ batchId, status: 'pending' }, { status: 'cancelled' });
  }

  async updateItem(id: string, values: Partial<Pick<BatchItem, 'status' | 'error' | 'videoId' | 'title'>>, tx: Tx): Promise<void> {
    await this.of(BatchItem, tx).update({ id }, values);
  }

  /** The owner's processing items whose video is ready or failed take its outcome. */
  async settleFinished(ownerId: string, tx: Tx): Promise<void> {
    await tx.query(
      `UPDATE media.batch_items i
          SET status = CASE WHEN v.status = 'ready' THEN 'done' ELSE 'failed' END,
              error = CASE WHEN v.status = 'failed' THEN v.error ELSE NULL END,
              updated_at = now()
         FROM media.videos v, media.batches b
        WHERE v.id = i.video_id AND b.id = i.batch_id AND b.owner_id = $1
          AND i.status = 'processing' AND v.status IN ('ready', 'failed')`,
      [ownerId],
    );
  }

  /** The owner's processing items without a video fail with `error`. */
  async failWithoutVideo(ownerId: string, error: string, tx: Tx): Promise<void> {
    await tx.query(
      `UPDATE media.batch_items i SET status = 'failed', error = $2, updated_at = now()
         FROM media.batches b
        WHERE b.id = i.batch_id AND b.owner_id = $1 AND i.status = 'processing' AND i.video_id IS NULL`,
      [ownerId, error],
    );
  }

  /** How many of the owner's items are processing. */
  async processingCount(ownerId: string, tx: Tx): Promise<number> {
    const [{ n }] = (await tx.query(
      `SELECT count(*)::int AS n FROM media.batch_items i JOIN media.batches b ON b.id = i.batch_id
        WHERE b.owner_id = $1 AND i.status = 'processing'`,
      [ownerId],
    )) as { n: number }[];
    return n;
  }

  /** The owner's next pending items of running batches (oldest batch first, in order), at most `limit`. */
  nextPending(ownerId: string, limit: number, tx: Tx): Promise<NextItem[]> {
    return tx.query(
      `SELECT i.id, i.kind, i.ref, i.batch_id AS "batchId", b.scope, b.language
         FROM media.batch_items i JOIN media.batches b ON b.id = i.batch_id
        WHERE b.owner_id = $1 AND b.status = 'running' AND i.status = 'pending'
        ORDER BY b.created_at, i.position
        LIMIT $2`,
      [ownerId, limit],
    );
  }

  /** A batch of links still named after its first link (`placeholder`) takes `title`. */
  async renameFromLink(batchId: string, title: string, placeholder: string, tx: Tx): Promise<void> {
    await tx.query(`UPDATE media.batches SET title = $2 WHERE id = $1 AND source = 'urls' AND title = $3`, [batchId, title, placeholder]);
  }

  /** The owner's running batches with no pending or processing item are completed. */
  async completeFinished(ownerId: string, tx: Tx): Promise<void> {
    await tx.query(
      `UPDATE media.batches b SET status = 'completed', updated_at = now()
        WHERE b.owner_id = $1 AND b.status = 'running'
          AND NOT EXISTS (SELECT 1 FROM media.batch_items i WHERE i.batch_id = b.id AND i.status IN ('pending', 'processing'))`,
      [ownerId],
    );
  }

  /** Owners with a running batch. */
  async runningOwners(): Promise<string[]> {
    const owners: { owner_id: string }[] = await this.db.query(`SELECT DISTINCT owner_id FROM media.batches WHERE status = 'running'`);
    return owners.map((o) => o.owner_id);
  }

  async deleteOwnedBy(ownerId: string): Promise<void> {
    await this.of(Batch).delete({ ownerId });
  }
}

export type BatchStore = Pick<BatchesRepository, keyof BatchesRepository>;
