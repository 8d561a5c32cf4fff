import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A read-only link to a project's live scene. */
@Entity({ name: 'shares' })
export class Share {
  /** An unguessable URL-safe token. */
  @PrimaryColumn('varchar', { length: 32 }) id!: string;
  @Column('uuid', { name: 'project_id' }) projectId!: string;
  @Column('uuid', { name: 'owner_id' }) ownerId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}
