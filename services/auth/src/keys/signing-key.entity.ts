import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** Ed25519 key pair that signs access tokens; created by the first auth copy that starts. */
@Entity({ name: 'signing_keys' })
export class SigningKey {
  @PrimaryColumn({ type: 'varchar', length: 64 }) kid!: string;
  @Column({ name: 'public_jwk', type: 'jsonb' }) publicJwk!: Record<string, unknown>;
  @Column({ name: 'private_jwk', type: 'jsonb' }) privateJwk!: Record<string, unknown>;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @Column({ name: 'retired_at', type: 'timestamptz', nullable: true }) retiredAt!: Date | null;
}
