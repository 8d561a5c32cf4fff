import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

export type EmailTokenPurpose = 'activate' | 'reset' | 'email';

/** A link sent by e-mail (activation, password reset, new address), stored as its SHA-256. */
@Entity({ name: 'email_tokens' })
export class EmailToken {
  @PrimaryColumn({ name: 'token_hash', type: 'char', length: 64 }) tokenHash!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ type: 'varchar', length: 16 }) purpose!: EmailTokenPurpose;
  @Column({ name: 'new_email', type: 'varchar', length: 254, nullable: true }) newEmail!: string | null;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'used_at', type: 'timestamptz', nullable: true }) usedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
