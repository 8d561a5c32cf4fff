import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { RpcClient, RpcError, SERVICE_CONFIG } from '@visualnotes/common';
import { DomainError, hasScope, Patterns, type Entitlements, type VideoCaller } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import type { MediaConfig } from '../config';

/** True when the license service runs but does not answer the pattern yet (a deployment in transition). */
function notAnswered(err: unknown): boolean {
  return err instanceof RpcError && err.statusCode === 404 && err.message.startsWith('No handler');
}

/**
 * Summary allowances, decided by the license service (`license.usage.consume`, atomic there).
 * Should the license service not answer these patterns, scopes decide and a per-month counter in
 * our schema keeps the same atomic rule.
 */
@Injectable()
export class UsageService {
  constructor(
    private readonly rpc: RpcClient,
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SERVICE_CONFIG) private readonly config: MediaConfig,
  ) {}

  async entitlements(caller: VideoCaller): Promise<Entitlements | null> {
    if (!caller.owner_id) return null;
    try {
      return await this.rpc.send(Patterns.license.entitlements, { userId: caller.owner_id, scope: caller.scope });
    } catch (err) {
      if (!notAnswered(err)) throw err;
      const premium = hasScope(caller.scope, 'premium');
      return { premium, publisher: hasScope(caller.scope, 'publisher'), desktop_pro: premium, unlimited_videos: premium, unlimited_summaries: premium };
    }
  }

  /** Counts one video summary or throws the spec's message when the caller is over the limit. */
  async consumeVideoSummary(caller: VideoCaller): Promise<void> {
    const visitor = !caller.owner_id;
    const subject = visitor ? `visitor:${caller.visitor_key ?? 'anonymous'}` : caller.owner_id!;
    let allowed: boolean;
    try {
      allowed = (await this.rpc.send(Patterns.license.usageConsume, { subject, kind: 'video_summary', visitor })).allowed;
    } catch (err) {
      if (!notAnswered(err)) throw err;
      allowed = await this.fallbackConsume(caller, subject, visitor);
    }
    if (!allowed) throw new DomainError(visitor ? 'NEED_MORE_SUMMARIES' : 'MONTHLY_SUMMARIES_USED');
  }

  private async fallbackConsume(caller: VideoCaller, subject: string, visitor: boolean): Promise<boolean> {
    if (!visitor && (hasScope(caller.scope, 'premium') || hasScope(caller.scope, 'unlimited_summaries'))) return true;
    const limit = visitor ? this.config.FALLBACK_VISITOR_SUMMARIES : this.config.FALLBACK_FREE_SUMMARIES_PER_MONTH;
    if (limit <= 0) return false;
    const period = visitor ? 'all' : new Date().toISOString().slice(0, 7);
    const rows = (await this.db.query(
      `INSERT INTO "media"."usage_fallback" ("subject", "period", "used") VALUES ($1, $2, 1)
       ON CONFLICT ("subject", "period") DO UPDATE SET "used" = "usage_fallback"."used" + 1
       WHERE "usage_fallback"."used" < $3
       RETURNING "used"`,
      [subject, period, limit],
    )) as unknown[];
    return rows.length > 0;
  }
}
