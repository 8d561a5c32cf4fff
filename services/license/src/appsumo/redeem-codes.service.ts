import { createHash } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { DomainError, type DesktopTier, type LicenseCaller, type LicenseView, type Product } from '@visualnotes/contracts';
import { Transactions, type TransactionRunner } from '../common/transactions';
import { KeyGuard } from '../licenses/key-guard';
import { LicensesService } from '../licenses/licenses.service';
import { RedeemCodesRepository, type RedeemCodeStore } from './redeem-codes.repository';

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
    @Inject(RedeemCodesRepository) private readonly codes: RedeemCodeStore,
    @Inject(Transactions) private readonly transactions: TransactionRunner,
    @Inject(LicensesService) private readonly licenses: Pick<LicensesService, 'issue' | 'get'>,
    @Inject(KeyGuard) private readonly guard: Pick<KeyGuard, 'attempt' | 'succeeded'>,
  ) {}

  /** Codes that are not well-formed, or repeated, are skipped. */
  async import(codes: string[], tier: DesktopTier = 'pro', product: Product = 'desktop'): Promise<{ imported: number; skipped: number }> {
    const valid = [...new Set(codes.map(normalizeCode).filter((c) => CODE.test(c)))];
    let imported = 0;
    for (let i = 0; i < valid.length; i += 500) imported += await this.codes.add(valid.slice(i, i + 500).map(hashOf), product, tier);
    return { imported, skipped: codes.length - imported };
  }

  /** `code` is well-formed (checked at the RPC boundary). */
  async redeem(caller: LicenseCaller, code: string): Promise<LicenseView> {
    const hash = hashOf(code);
    await this.guard.attempt(caller.user_id, caller.ip);
    const license = await this.transactions.run(async (tx) => {
      const claimed = await this.codes.claim(hash, caller.user_id, tx);
      if (!claimed) return null;
      const l = await this.licenses.issue(
        { email: caller.email, ownerId: caller.user_id, product: claimed.product, tier: claimed.tier, plan: 'lifetime', source: 'appsumo' },
        tx,
      );
      await this.codes.attach(hash, l.id, tx);
      return l;
    });
    if (!license) throw new DomainError('REDEEM_CODE_INVALID');
    await this.guard.succeeded(caller.user_id, caller.ip);
    return this.licenses.get(caller, license.id);
  }
}
