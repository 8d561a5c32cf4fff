import { Inject, Injectable } from '@nestjs/common';
import { SERVICE_CONFIG } from '@visualnotes/common';
import type { UsageConsumeReply, UsageConsumeRequest, UsageKind, UsageView } from '@visualnotes/contracts';
import type { LicenseConfig } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { usagePeriod } from './usage-period';
import { UsageRepository, type UsageStore } from './usage.repository';

export { usagePeriod } from './usage-period';

/**
 * Usage allowances: a visitor's per day, an account's per month, none with a plan that makes
 * them unlimited. Counting is atomic in the repository, so a limit is never passed, whatever the
 * number of service copies.
 */
@Injectable()
export class UsageService {
  constructor(
    @Inject(UsageRepository) private readonly counters: UsageStore,
    @Inject(EntitlementsService) private readonly entitlements: Pick<EntitlementsService, 'get' | 'forgetUsage'>,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  async consume(req: UsageConsumeRequest): Promise<UsageConsumeReply> {
    const { subject, kind } = req;
    const visitor = req.visitor === true;
    const limit = await this.limitFor(subject, kind, visitor);
    const period = usagePeriod(visitor);
    if (limit === null || limit > 0) {
      const used = await this.counters.count(subject, kind, period, limit);
      if (used !== null) {
        await this.entitlements.forgetUsage(subject);
        return { allowed: true, used, limit };
      }
    }
    return { allowed: false, used: await this.counters.used(subject, kind, period), limit };
  }

  /**
   * Gives back an account's use counted at `usedAt` (in the month it was counted in), for work that
   * failed before it gave the user anything. The caller gives each use back at most once.
   */
  async refund(req: { subject: string; kind: UsageKind; used_at: string }): Promise<{ used: number }> {
    const used = await this.counters.uncount(req.subject, req.kind, usagePeriod(false, new Date(req.used_at)));
    await this.entitlements.forgetUsage(req.subject);
    return { used };
  }

  /** The allowance of one kind for a subject: null when unlimited. */
  async limitFor(subject: string, kind: UsageKind, visitor: boolean, scope?: unknown): Promise<number | null> {
    if (visitor) return kind === 'video_summary' ? this.config.VISITOR_VIDEO_SUMMARIES : this.config.VISITOR_DOCUMENT_SUMMARIES;
    const e = await this.entitlements.get(subject, scope);
    if (kind === 'video_summary') return e.unlimited_videos ? null : this.config.FREE_VIDEO_SUMMARIES_PER_MONTH;
    return e.unlimited_summaries ? null : this.config.FREE_DOCUMENT_SUMMARIES_PER_MONTH;
  }

  async usageOf(userId: string): Promise<UsageView> {
    const period = usagePeriod(false);
    const [v, d] = await Promise.all([this.counters.used(userId, 'video_summary', period), this.counters.used(userId, 'document_summary', period)]);
    return { video_summaries: v, document_summaries: d };
  }

  async forget(subject: string): Promise<void> {
    await this.counters.forget(subject);
    await this.entitlements.forgetUsage(subject);
  }
}
