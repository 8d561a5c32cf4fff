import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { SERVICE_CONFIG } from '@visualnotes/common';
import { type UsageConsumeReply, type UsageConsumeRequest, type UsageKind, type UsageView } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import type { LicenseConfig } from '../config';
import { EntitlementsService } from '../entitlements/entitlements.service';
import { usagePeriod } from './usage-period';


export { usagePeriod } from './usage-period';

/**
 * Usage allowances, counted in PostgreSQL with one conditional upsert: the row lock of
 * `ON CONFLICT DO UPDATE ... WHERE used < limit` makes parallel calls queue on the counter, so a
 * limit can never be passed, whatever the number of service copies.
 */
@Injectable()
export class UsageService {
  constructor(
    @InjectDataSource() private readonly db: DataSource,
    private readonly entitlements: EntitlementsService,
    @Inject(SERVICE_CONFIG) private readonly config: LicenseConfig,
  ) {}

  async consume(req: UsageConsumeRequest): Promise<UsageConsumeReply> {
    const { subject } = req;
    const visitor = req.visitor === true;
    const limit = await this.limitFor(subject, req.kind, visitor);
    const period = usagePeriod(visitor);
    if (limit === null) {
      const [row] = (await this.db.query(
        `INSERT INTO "license"."usage_counters" (subject, kind, period, used) VALUES ($1, $2, $3, 1)
         ON CONFLICT (subject, kind, period) DO UPDATE SET used = "usage_counters".used + 1 RETURNING used`,
        [subject, req.kind, period],
      )) as { used: number }[];
      await this.entitlements.forgetUsage(subject);
      return { allowed: true, used: row.used, limit: null };
    }
    if (limit > 0) {
      const rows = (await this.db.query(
        `INSERT INTO "license"."usage_counters" (subject, kind, period, used) VALUES ($1, $2, $3, 1)
         ON CONFLICT (subject, kind, period) DO UPDATE SET used = "usage_counters".used + 1
         WHERE "usage_counters".used < $4 RETURNING used`,
        [subject, req.kind, period, limit],
      )) as { used: number }[];
      if (rows.length) {
        await this.entitlements.forgetUsage(subject);
        return { allowed: true, used: rows[0].used, limit };
      }
    }
    return { allowed: false, used: await this.used(subject, req.kind, period), limit };
  }

  /** The allowance of one kind for a subject: null when unlimited. */
  async limitFor(subject: string, kind: UsageKind, visitor: boolean, scope?: unknown): Promise<number | null> {
    if (visitor) return kind === 'video_summary' ? this.config.VISITOR_VIDEO_SUMMARIES : this.config.VISITOR_DOCUMENT_SUMMARIES;
    const e = await this.entitlements.get(subject, scope);
    if (kind === 'video_summary') return e.unlimited_videos ? null : this.config.FREE_VIDEO_SUMMARIES_PER_MONTH;
    return e.unlimited_summaries ? null : this.config.FREE_DOCUMENT_SUMMARIES_PER_MONTH;
  }

  async used(subject: string, kind: UsageKind, period: string): Promise<number> {
    const rows = (await this.db.query(
      `SELECT used FROM "license"."usage_counters" WHERE subject = $1 AND kind = $2 AND period = $3`,
      [subject, kind, period],
    )) as { used: number }[];
    return rows[0]?.used ?? 0;
  }

  async usageOf(userId: string): Promise<UsageView> {
    const period = usagePeriod(false);
    const [v, d] = await Promise.all([this.used(userId, 'video_summary', period), this.used(userId, 'document_summary', period)]);
    return { video_summaries: v, document_summaries: d };
  }

  async forget(subject: string): Promise<void> {
    await this.db.query(`DELETE FROM "license"."usage_counters" WHERE subject = $1`, [subject]);
    await this.entitlements.forgetUsage(subject);
  }
}
