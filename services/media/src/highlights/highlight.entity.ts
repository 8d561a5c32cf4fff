import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'highlights' })
export class Highlight {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'video_id' }) videoId!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @Column('double precision') start!: number;
  @Column('varchar', { length: 200, default: '' }) title!: string;
  @Column('text', { default: '' }) content!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
