import type { Scene } from '@visualnotes/contracts';
import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A project published to the web: a copy of its scene at publish time, under a public id that never changes. */
@Entity({ name: 'publications' })
export class Publication {
  @PrimaryColumn('varchar', { name: 'public_id', length: 32 }) publicId!: string;
  @Column('uuid', { name: 'project_id', unique: true }) projectId!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('varchar', { length: 200 }) title!: string;
  @Column('varchar', { length: 300, default: '' }) description!: string;
  @Column('jsonb') scene!: Scene;
  @Column('varchar', { name: 'snapshot_key', length: 200, nullable: true }) snapshotKey!: string | null;
  @Column('timestamptz', { name: 'published_at', default: () => 'now()' }) publishedAt!: Date;
  /** Visitors may download the board as a PDF. */
  @Column('boolean', { name: 'allow_download', default: false }) allowDownload!: boolean;
  /** Set while the page is offline; publishing again clears it. */
  @Column('timestamptz', { name: 'unpublished_at', nullable: true }) unpublishedAt!: Date | null;
}
