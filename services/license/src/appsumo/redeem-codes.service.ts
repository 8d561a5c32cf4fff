import { createHash } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DomainError, type DesktopTier, type LicenseCaller, type LicenseView, type Product } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import { rows } from '../common/sql';
import { KeyGuard } from '../licenses/key-guard';
import { LicensesService } from '../licenses/licenses.service';

const CODE = /^[A-Z0-9-]{6,64}$/;
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}
const hashOf = (code: string) => createHash('sha256').update(normalizeCode(code)).digest('hex');

/**
 * Deal-site codes (`/account/appsumo`): operators import them; each is redeemable once, for a
 * lifetime license. Only their hashes are stored. Failed attempts count towards the key-guessing limit.
 */
@Injectable()
export class RedeemCodesService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly licenses: LicensesService,
    private readonly guard: KeyGuard,
  ) {}

  async import(codes: string[], tier: DesktopTier = 'pro', product: Product = 'desktop'): Promise<{ imported: number; skipped: number }> {
    const valid = [...new Set(codes.map(normalizeCode).filter((c) => CODE.test(c)))];
    let imported = 0;
    for (let i = 0; i < valid.length; i += 500) {
      const chunk = valid.slice(i, i + 500).map(hashOf);
      const done = await rows(
        this.db,
        `INSERT INTO "license"."redeem_codes" (code_hash, product, tier) SELECT unnest($1::text[]), $2, $3 ON CONFLICT DO NOTHING RETURNING code_hash`,
        [chunk, product, tier],
      );
      imported += done.length;
    }
    return { imported, skipped: codes.length - imported };
  }

  /** `code` is well-formed (checked at the RPC boundary). */
  async redeem(caller: LicenseCaller, code: string): Promise<LicenseView> {
    const normalized = normalizeCode(code);
    await this.guard.check(caller.user_id, caller.ip);
    const license = await this.db.transaction(async (m) => {
      const [claimed] = await rows<{ product: Product; tier: DesktopTier }>(
        m,
        `UPDATE "license"."redeem_codes" SET redeemed_at = now(), redeemed_by = $2 WHERE code_hash = $1 AND redeemed_at IS NULL RETURNING product, tier`,
        [hashOf(normalized), caller.user_id],
      );
      if (!claimed) return null;
      const l = await this.licenses.issue(
        { email: caller.email, ownerId: caller.user_id, product: claimed.product, tier: claimed.tier, plan: 'lifetime', source: 'appsumo' },
        m,
      );
      await m.query(`UPDATE "license"."redeem_codes" SET license_id = $2 WHERE code_hash = $1`, [hashOf(normalized), l.id]);
      return l;
    });
    if (!license) {
      await this.guard.failed(caller.user_id, caller.ip);
      throw new DomainError('REDEEM_CODE_INVALID');
    }
    return this.licenses.get(caller, license.id);
  }
}
