import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'users' })
export class User {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** Always lower case. */
  @Column({ type: 'varchar', length: 254, unique: true }) email!: string;
  @Column({ type: 'varchar', length: 100 }) name!: string;
  /** Argon2id; null for an account created by Google sign-in that never set a password. */
  @Column({ name: 'password_hash', type: 'text', nullable: true }) passwordHash!: string | null;
  @Column({ name: 'activated_at', type: 'timestamptz', nullable: true }) activatedAt!: Date | null;
  /** Spec §6: a list of scope names or an object of truthy entries. */
  @Column({ type: 'jsonb', default: () => `'[]'::jsonb` }) scope!: string[] | Record<string, boolean>;
  @Column({ type: 'varchar', length: 8, default: 'en' }) locale!: 'en' | 'zh-CN';
  @Column({ name: 'google_id', type: 'varchar', length: 255, nullable: true, unique: true }) googleId!: string | null;
  @Column({ name: 'referral_code', type: 'varchar', length: 32, unique: true }) referralCode!: string;
  @Column({ name: 'referred_by', type: 'varchar', length: 32, nullable: true }) referredBy!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}
