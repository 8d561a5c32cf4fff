import { createHash, randomBytes } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { publicUrl, SERVICE_CONFIG, type BaseConfig } from '@visualnotes/common';
import type { PublicationStatistics } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';

export interface Visit {
  ip: string;
  user_agent?: string;
  referrer?: string;
}

const day = (d = new Date()) => d.toISOString().slice(0, 10);

/** The host of an outside referrer (no path, no query: those may identify people), or null. */
export function referrerHost(referrer: string | undefined, ownHost: string): string | null {
  if (!referrer) return null;
  try {
    const url = new URL(referrer);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    if (!host || host === ownHost.replace(/^www\./, '')) return null;
    return host.slice(0, 255);
  } catch {
    return null;
  }
}

/**
 * View statistics of published projects. A unique visitor is a SHA-256 of a random salt of the
 * day, the publication, the address and the browser: the salt of past days is deleted, so
 * nobody (us included) can link visits across days or recover an address.
 */
@Injectable()
export class StatisticsService {
  private salt: { day: string; value: string } | null = null;
  private readonly ownHost: string;

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(SERVICE_CONFIG) config: BaseConfig,
  ) {
    this.ownHost = new URL(publicUrl(config)).hostname.toLowerCase();
  }

  private async saltOf(today: string): Promise<string> {
    if (this.salt?.day === today) return this.salt.value;
    await this.db.query(`INSERT INTO "publish"."daily_salts" (day, salt) VALUES ($1, $2) ON CONFLICT (day) DO NOTHING`, [
      today,
      randomBytes(32).toString('hex'),
    ]);
    // Yesterday's salt is kept for visits that straddle midnight in other time zones of copies.
    await this.db.query(`DELETE FROM "publish"."daily_salts" WHERE day < ($1::date - 1)`, [today]);
    const [row] = await this.db.query(`SELECT salt FROM "publish"."daily_salts" WHERE day = $1`, [today]);
    this.salt = { day: today, value: row.salt };
    return row.salt;
  }

  async record(publicId: string, visit: Visit): Promise<void> {
    const today = day();
    const salt = await this.saltOf(today);
    const visitor = createHash('sha256')
      .update(`${salt}\n${publicId}\n${visit.ip}\n${visit.user_agent ?? ''}`)
      .digest('hex');
    await this.db.query(
      `WITH fresh AS (
         INSERT INTO "publish"."view_visitors" (public_id, day, visitor_hash) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1
       )
       INSERT INTO "publish"."view_days" (public_id, day, views, visitors) VALUES ($1, $2, 1, (SELECT count(*) FROM fresh))
       ON CONFLICT (public_id, day) DO UPDATE SET views = "view_days".views + 1, visitors = "view_days".visitors + EXCLUDED.visitors`,
      [publicId, today, visitor],
    );
    const host = referrerHost(visit.referrer, this.ownHost);
    if (host) {
      await this.db.query(
        `INSERT INTO "publish"."view_referrers" (public_id, referrer, views) VALUES ($1, $2, 1)
         ON CONFLICT (public_id, referrer) DO UPDATE SET views = "view_referrers".views + 1`,
        [publicId, host],
      );
    }
  }

  /** Totals, the last `days` days (zeros included, oldest first) and the top 10 referrers. */
  async get(publicId: string, days = 30): Promise<PublicationStatistics> {
    const span = Math.min(Math.max(Math.trunc(days) || 30, 1), 365);
    const [totals] = await this.db.query(
      `SELECT COALESCE(SUM(views), 0) AS views, COALESCE(SUM(visitors), 0) AS visitors FROM "publish"."view_days" WHERE public_id = $1`,
      [publicId],
    );
    const rows: { date: string; views: number; visitors: number }[] = await this.db.query(
      `SELECT to_char(g.d, 'YYYY-MM-DD') AS date, COALESCE(v.views, 0) AS views, COALESCE(v.visitors, 0) AS visitors
         FROM generate_series(($2::date - ($3::int - 1)), $2::date, interval '1 day') AS g(d)
         LEFT JOIN "publish"."view_days" v ON v.public_id = $1 AND v.day = g.d::date
        ORDER BY g.d`,
      [publicId, day(), span],
    );
    const referrers: { referrer: string; views: number }[] = await this.db.query(
      `SELECT referrer, views FROM "publish"."view_referrers" WHERE public_id = $1 ORDER BY views DESC, referrer LIMIT 10`,
      [publicId],
    );
    return {
      views: Number(totals.views),
      visitors: Number(totals.visitors),
      by_day: rows.map((r) => ({ date: r.date, views: Number(r.views), visitors: Number(r.visitors) })),
      referrers: referrers.map((r) => ({ referrer: r.referrer, views: Number(r.views) })),
    };
  }
}
