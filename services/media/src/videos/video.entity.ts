import type { Summary, SummaryLength, TranscriptSegment, VideoChapter, VideoProvider, VideoStatus, VideoView } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, JoinTable, ManyToMany, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { Tag } from '../tags/tag.entity';

@Entity({ name: 'videos' })
export class Video {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** null for a visitor's video, which only its `visitorKey` can read. */
  @Column('uuid', { name: 'owner_id', nullable: true }) ownerId!: string | null;
  @Column('varchar', { name: 'visitor_key', length: 64, nullable: true }) visitorKey!: string | null;
  @Column('varchar', { length: 16 }) provider!: VideoProvider;
  @Column('varchar', { name: 'provider_id', length: 32, nullable: true }) providerId!: string | null;
  @Column('text', { nullable: true }) url!: string | null;
  @Column('uuid', { name: 'upload_id', nullable: true }) uploadId!: string | null;
  /** Storage key of an uploaded video/audio file, for playback and transcription. */
  @Column('text', { name: 'media_key', nullable: true }) mediaKey!: string | null;
  @Column('varchar', { name: 'media_type', length: 100, nullable: true }) mediaType!: string | null;
  @Column('text') title!: string;
  @Column('text', { nullable: true }) channel!: string | null;
  @Column('double precision', { nullable: true }) duration!: number | null;
  @Column('text', { name: 'thumbnail_url', nullable: true }) thumbnailUrl!: string | null;
  @Column('varchar', { length: 20, nullable: true }) language!: string | null;
  @Column('varchar', { name: 'transcript_source', length: 20, nullable: true }) transcriptSource!: VideoView['transcript_source'];
  @Column('jsonb', { nullable: true }) transcript!: TranscriptSegment[] | null;
  /** The transcript as plain text, indexed for full-text search together with the title. */
  @Column('text', { name: 'transcript_text', default: '' }) transcriptText!: string;
  @Column('jsonb', { nullable: true }) summary!: Summary | null;
  /** The video's chapters, in order (YouTube chapters, or those of an uploaded file); the summary's sections follow them. */
  @Column('jsonb', { default: () => "'[]'" }) chapters!: VideoChapter[];
  /** The length the summary is (or is being) written at. */
  @Column('varchar', { name: 'summary_length', length: 16, default: 'standard' }) summaryLength!: SummaryLength;
  /** The transcript was corrected after the summary was written. */
  @Column('boolean', { name: 'summary_outdated', default: false }) summaryOutdated!: boolean;
  @Column('varchar', { length: 16, default: 'queued' }) status!: VideoStatus;
  @Column('integer', { default: 0 }) progress!: number;
  @Column('text', { nullable: true }) error!: string | null;
  /** BullMQ id of the `video.import` job, in `media-jobs` or, for a batch item, `media-jobs-batch` (`videoImportQueue`). */
  @Column('varchar', { name: 'job_id', length: 120, nullable: true }) jobId!: string | null;
  @Column('boolean', { default: false }) favorite!: boolean;
  @ManyToMany(() => Tag)
  @JoinTable({ name: 'video_tags', joinColumn: { name: 'video_id' }, inverseJoinColumn: { name: 'tag_id' } })
  tags!: Tag[];
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
