import { Column, CreateDateColumn, Entity, Index, PrimaryColumn } from 'typeorm';

@Entity({ name: 'uploads' })
export class Upload {
  @PrimaryColumn('uuid')
  id!: string;

  @Index()
  @Column('uuid', { name: 'owner_id', nullable: true })
  ownerId!: string | null;

  @Column('text')
  name!: string;

  @Column('bigint', { transformer: { to: (v: number) => v, from: (v: string) => Number(v) } })
  size!: number;

  @Column('text', { name: 'content_type' })
  contentType!: string;

  @Column('text', { name: 'storage_key' })
  storageKey!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
