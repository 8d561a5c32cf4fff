import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'sessions' })
export class Session {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_used_at', type: 'timestamptz', default: () => 'now()' }) lastUsedAt!: Date;
  /** Absolute end of the session, whatever the refreshes. */
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'revoked_at', type: 'timestamptz', nullable: true }) revokedAt!: Date | null;
  @Column({ type: 'varchar', length: 64, nullable: true }) ip!: string | null;
  @Column({ name: 'user_agent', type: 'varchar', length: 300, nullable: true }) userAgent!: string | null;
}

/**
 * One refresh token of a session, stored as its SHA-256; `usedAt` set once it was exchanged, and
 * `successor` then holds the token it was exchanged for, sealed with this token (`sealWith`): only
 * someone presenting this token again (within the grace time) can read it.
 */
@Entity({ name: 'refresh_tokens' })
export class RefreshToken {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash!: string;
  @Column({ name: 'session_id', type: 'uuid' }) sessionId!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @Column({ type: 'text', nullable: true }) successor!: string | null;
}
