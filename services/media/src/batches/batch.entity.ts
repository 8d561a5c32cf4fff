import type { BatchItemStatus, BatchStatus } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

/** A batch of videos; its items are `BatchItem` rows, each imported as an ordinary library video. */
@Entity({ name: 'batches' })
export class Batch {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  /** The owner's token scope when the batch was made (operator grants count when its items are imported). */
  @Column('jsonb', { nullable: true }) scope!: unknown;
  @Column('text') title!: string;
  @Column('varchar', { length: 16 }) source!: 'urls' | 'playlist' | 'files';
  @Column('varchar', { length: 20, nullable: true }) language!: string | null;
  @Column('varchar', { length: 16, default: 'running' }) status!: BatchStatus;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** One video of a batch: a YouTube id (`kind` youtube) or an uploaded file id (`kind` file). */
@Entity({ name: 'batch_items' })
export class BatchItem {
  @PrimaryColumn('uuid') id!: string;
  @Column('uuid', { name: 'batch_id' }) batchId!: string;
  @Column('integer') position!: number;
  @Column('varchar', { length: 16 }) kind!: 'youtube' | 'file';
  @Column('varchar', { length: 100 }) ref!: string;
  @Column('text') title!: string;
  @Column('uuid', { name: 'video_id', nullable: true }) videoId!: string | null;
  @Column('varchar', { length: 16, default: 'pending' }) status!: BatchItemStatus;
  @Column('text', { nullable: true }) error!: string | null;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
