import type { DesktopTier, LicensePlan, Product } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type LicenseSource = 'operator' | 'stripe' | 'appsumo';

@Entity({ name: 'licenses' })
export class License {
  @PrimaryGeneratedColumn('uuid') id!: string;
  /** 16 digits, the last one a Luhn check digit. */
  @Column('char', { length: 16 }) key!: string;
  @Column('varchar', { length: 120 }) name!: string;
  @Column('varchar', { length: 16 }) product!: Product;
  @Column('varchar', { length: 16 }) tier!: DesktopTier;
  @Column('varchar', { length: 16 }) plan!: LicensePlan;
  @Column('int', { name: 'max_devices' }) maxDevices!: number;
  @Column('uuid', { name: 'owner_id', nullable: true }) ownerId!: string | null;
  @Column('varchar', { name: 'owner_email', length: 254 }) ownerEmail!: string;
  @Column('timestamptz', { name: 'valid_from' }) validFrom!: Date;
  /** null for a lifetime license. */
  @Column('timestamptz', { name: 'valid_until', nullable: true }) validUntil!: Date | null;
  @Column('timestamptz', { name: 'canceled_at', nullable: true }) canceledAt!: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
  @Column('varchar', { length: 16 }) source!: LicenseSource;
  @Column('varchar', { name: 'stripe_session_id', length: 255, nullable: true }) stripeSessionId!: string | null;
  @Column('varchar', { name: 'stripe_subscription_id', length: 255, nullable: true }) stripeSubscriptionId!: string | null;
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' }) createdAt!: Date;
  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' }) updatedAt!: Date;
}

/** A device a license is activated on (one slot of `max_devices`). */
@Entity({ name: 'license_devices' })
export class LicenseDevice {
  @PrimaryGeneratedColumn('uuid') id!: string;
  @Column('uuid', { name: 'license_id' }) licenseId!: string;
  @Column('varchar', { length: 200 }) fingerprint!: string;
  @Column('varchar', { length: 100, default: '' }) name!: string;
  @Column('varchar', { length: 100, default: '' }) os!: string;
  @Column('uuid', { name: 'activated_by', nullable: true }) activatedBy!: string | null;
  @CreateDateColumn({ name: 'activated_at', type: 'timestamptz' }) activatedAt!: Date;
}

/** Someone the owner added to a license by e-mail address: they see it and may use it. */
@Entity({ name: 'license_users' })
export class LicenseUser {
  @PrimaryColumn('uuid', { name: 'license_id' }) licenseId!: string;
  @PrimaryColumn('varchar', { length: 254 }) email!: string;
  @CreateDateColumn({ name: 'added_at', type: 'timestamptz' }) addedAt!: Date;
}
