import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A pending new-device login: the e-mailed 6-digit code, 10 minutes, 5 tries. */
@Entity({ name: 'login_challenges' })
export class LoginChallenge {
  /** SHA-256 of the challenge token handed to the client. */
  @PrimaryColumn({ name: 'id_hash', type: 'char', length: 64 }) idHash!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  @Column({ name: 'fingerprint_hash', type: 'char', length: 64 }) fingerprintHash!: string;
  /** SHA-256 of `<challenge token>:<code>`: useless without the token, which is not stored. */
  @Column({ name: 'code_hash', type: 'char', length: 64 }) codeHash!: string;
  @Column({ type: 'int', default: 0 }) attempts!: number;
  @Column({ name: 'expires_at', type: 'timestamptz' }) expiresAt!: Date;
  @Column({ name: 'consumed_at', type: 'timestamptz', nullable: true }) consumedAt!: Date | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
}
