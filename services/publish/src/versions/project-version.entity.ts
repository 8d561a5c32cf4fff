import type { ProjectVersion } from '@visualnotes/contracts';
import { Column, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A kept version of a project's scene: brotli-compressed JSON, a whole scene (`full`) or the change from the version before (`delta`). */
@Entity({ name: 'project_versions' })
export class ProjectVersionRecord {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'project_id' }) projectId!: string;
  @Column('integer', { name: 'project_version' }) projectVersion!: number;
  @Column('uuid', { name: 'author_id', nullable: true }) authorId!: string | null;
  /** Everyone who changed the scene since the version before (the author among them). */
  @Column('uuid', { name: 'editor_ids', array: true, default: () => "'{}'" }) editorIds!: string[];
  @Column('varchar', { length: 16 }) reason!: ProjectVersion['reason'];
  @Column('varchar', { length: 8 }) kind!: 'full' | 'delta';
  @Column('bytea') data!: Buffer;
  @Column('integer', { name: 'changed_elements' }) changedElements!: number;
  @Column('integer') elements!: number;
  @Column('timestamptz', { name: 'created_at', default: () => 'clock_timestamp()' }) createdAt!: Date;
}
