import type { Scene, TemplateCategory, TemplateSummary } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A gallery template: shipped with the service (`builtinKey`) or submitted by a user. */
@Entity({ name: 'templates' })
export class TemplateRow {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('varchar', { length: 100 }) name!: string;
  @Column('varchar', { length: 500, default: '' }) description!: string;
  @Column('varchar', { length: 32 }) category!: TemplateCategory;
  @Column('jsonb', { select: false }) scene!: Scene;
  @Column('varchar', { length: 16, default: 'pending' }) status!: TemplateSummary['status'];
  @Column('uuid', { name: 'author_id', nullable: true }) authorId!: string | null;
  @Column('varchar', { name: 'builtin_key', length: 64, nullable: true }) builtinKey!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'reviewed_at', nullable: true }) reviewedAt!: Date | null;
  @Column('uuid', { name: 'reviewed_by', nullable: true }) reviewedBy!: string | null;
}
