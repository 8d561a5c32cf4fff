import type { ExportFormat, ExportStatus } from '@visualnotes/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A board exported to a file (PDF, PowerPoint or ZIP): what was asked, how far it is, and where the file is. */
@Entity({ name: 'exports' })
export class ExportRecord {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'project_id' }) projectId!: string;
  /** Who asked for it; whoever may see the project may follow and download it. */
  @Column('uuid', { name: 'requested_by' }) requestedBy!: string;
  @Column('varchar', { length: 8 }) format!: ExportFormat;
  /** Frame ids, scale, background, dark. */
  @Column('jsonb') options!: { frames?: string[]; scale?: number; background?: boolean; dark?: boolean };
  @Column('varchar', { length: 16 }) status!: ExportStatus;
  @Column('integer') progress!: number;
  @Column('varchar', { length: 500, nullable: true }) error!: string | null;
  @Column('integer', { nullable: true }) pages!: number | null;
  @Column('varchar', { name: 'storage_key', length: 200, nullable: true }) storageKey!: string | null;
  @Column('varchar', { name: 'file_name', length: 250, nullable: true }) fileName!: string | null;
  /** Made for the visitors of this publication (a PDF its owner offers): they follow and download it by its id. */
  @Column('varchar', { name: 'public_id', length: 32, nullable: true }) publicId!: string | null;
  @Column('timestamptz', { name: 'created_at', default: () => 'now()' }) createdAt!: Date;
  @Column('timestamptz', { name: 'finished_at', nullable: true }) finishedAt!: Date | null;
}
