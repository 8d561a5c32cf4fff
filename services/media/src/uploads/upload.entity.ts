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

  /** SHA-256 of the content (hex), read by the gateway while the file streamed in; null for older files. */
  @Column('char', { length: 64, nullable: true })
  sha256!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
