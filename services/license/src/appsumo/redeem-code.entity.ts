import type { DesktopTier, Product } from '@visualnotes/contracts';
import { Column, CreateDateColumn, Entity, PrimaryColumn } from 'typeorm';

/** A deal-site code, kept as its SHA-256 hash; redeemable once. */
@Entity({ name: 'redeem_codes' })
export class RedeemCode {
  @PrimaryColumn('char', { name: 'code_hash', length: 64 }) codeHash!: string;
  @Column('varchar', { length: 16 }) product!: Product;
  @Column('varchar', { length: 16 }) tier!: DesktopTier;
  @CreateDateColumn({ name: 'imported_at', type: 'timestamptz' }) importedAt!: Date;
  @Column('timestamptz', { name: 'redeemed_at', nullable: true }) redeemedAt!: Date | null;
  @Column('uuid', { name: 'redeemed_by', nullable: true }) redeemedBy!: string | null;
  @Column('uuid', { name: 'license_id', nullable: true }) licenseId!: string | null;
}
