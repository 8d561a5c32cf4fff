import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** A device (browser fingerprint) that passed the security-code step for this account. */
@Entity({ name: 'devices' })
export class Device {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column({ name: 'user_id', type: 'uuid' }) userId!: string;
  /** SHA-256 of `<user id>:<fingerprint>`. */
  @Column({ name: 'fingerprint_hash', type: 'char', length: 64 }) fingerprintHash!: string;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'last_seen_at', type: 'timestamptz', default: () => 'now()' }) lastSeenAt!: Date;
}
