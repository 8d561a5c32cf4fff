import type { TranscriptSegment } from '@visualnotes/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/**
 * The text of one audio chunk, keyed by (video, chunk index): a retried chunk overwrites, never adds.
 * Kept only until the merge job has completed (its return value holds the merged transcript).
 */
@Entity({ name: 'transcript_chunks' })
export class TranscriptChunk {
  @PrimaryColumn('uuid', { name: 'video_id' }) videoId!: string;
  @PrimaryColumn('integer', { name: 'chunk_index' }) index!: number;
  @Column('double precision', { name: 'offset_seconds' }) offset!: number;
  /** The account of the video (null for a visitor's), so a deleted account's texts can be removed. */
  @Column('uuid', { name: 'owner_id', nullable: true }) ownerId!: string | null;
  /** Times relative to the video (offset already added). */
  @Column('jsonb') segments!: TranscriptSegment[];
  @Column('timestamptz', { name: 'transcribed_at', default: () => 'now()' }) transcribedAt!: Date;
}
