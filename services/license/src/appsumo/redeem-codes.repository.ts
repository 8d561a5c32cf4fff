import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DesktopTier, Product } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions';
import { RedeemCode } from './redeem-code.entity';

@Injectable()
export class RedeemCodesRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private repo(tx?: Tx) {
    return (tx ?? this.db.manager).getRepository(RedeemCode);
  }

  /** Stores code hashes (those already there are left alone); how many were new. */
  async add(hashes: string[], product: Product, tier: DesktopTier): Promise<number> {
    if (!hashes.length) return 0;
    const result = await this.repo()
      .createQueryBuilder()
      .insert()
      .values(hashes.map((codeHash) => ({ codeHash, product, tier })))
      .orIgnore()
      .returning('code_hash')
      .execute();
    return (result.raw as unknown[]).length;
  }

  /** Marks an unredeemed code redeemed by `userId`: what it gives, or null (unknown or used). */
  async claim(codeHash: string, userId: string, tx?: Tx): Promise<{ product: Product; tier: DesktopTier } | null> {
    const result = await this.repo(tx)
      .createQueryBuilder()
      .update()
      .set({ redeemedAt: () => 'now()', redeemedBy: userId })
      .where('code_hash = :codeHash AND redeemed_at IS NULL', { codeHash })
      .returning(['product', 'tier'])
      .execute();
    return (result.raw as { product: Product; tier: DesktopTier }[])[0] ?? null;
  }

  /** The license a redeemed code made. */
  async attach(codeHash: string, licenseId: string, tx?: Tx): Promise<void> {
    await this.repo(tx).update({ codeHash }, { licenseId });
  }
}

/** What the services use of {@link RedeemCodesRepository}. */
export type RedeemCodeStore = Pick<RedeemCodesRepository, keyof RedeemCodesRepository>;
