import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { LessThan, type DataSource } from 'typeorm';
import { DailySalt, ViewDay, ViewReferrer } from './statistics.entities';

/**
 * Every query on view statistics. Counting a view is one statement (visitor row, day totals),
 * written as SQL: the query builder has no upsert that adds to a column.
 */
@Injectable()
export class StatisticsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  private table(name: string): string {
    const { schema } = this.db.getMetadata(ViewDay);
    return schema ? `"${schema}"."${name}"` : `"${name}"`;
  }

  /** The salt of `day`: `candidate` unless a copy stored one first; salts older than the day before go. */
  async saltOf(day: string, candidate: string): Promise<string> {
    const salts = this.db.getRepository(DailySalt);
    await salts.createQueryBuilder().insert().values({ day, salt: candidate }).orIgnore().execute();
    const yesterday = new Date(Date.parse(`${day}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
    await salts.delete({ day: LessThan(yesterday) });
    return (await salts.findOneByOrFail({ day })).salt;
  }

  /** One view; it counts as a visitor too when the hash was not seen that day. */
  async countView(publicId: string, day: string, visitorHash: string): Promise<void> {
    await this.db.query(
      `WITH fresh AS (
         INSERT INTO ${this.table('view_visitors')} (public_id, day, visitor_hash) VALUES ($1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING 1
       )
       INSERT INTO ${this.table('view_days')} AS d (public_id, day, views, visitors) VALUES ($1, $2, 1, (SELECT count(*) FROM fresh))
       ON CONFLICT (public_id, day) DO UPDATE SET views = d.views + 1, visitors = d.visitors + EXCLUDED.visitors`,
      [publicId, day, visitorHash],
    );
  }

  async countReferrer(publicId: string, host: string): Promise<void> {
    await this.db.query(
      `INSERT INTO ${this.table('view_referrers')} AS r (public_id, referrer, views) VALUES ($1, $2, 1)
       ON CONFLICT (public_id, referrer) DO UPDATE SET views = r.views + 1`,
      [publicId, host],
    );
  }

  async totals(publicId: string): Promise<{ views: number; visitors: number }> {
    const row = await this.db
      .getRepository(ViewDay)
      .createQueryBuilder('v')
      .select('COALESCE(SUM(v.views), 0)', 'views')
      .addSelect('COALESCE(SUM(v.visitors), 0)', 'visitors')
      .where('v.public_id = :publicId', { publicId })
      .getRawOne<{ views: string; visitors: string }>();
    return { views: Number(row?.views ?? 0), visitors: Number(row?.visitors ?? 0) };
  }

  /** Every day of the `span` days up to `today`, oldest first, zeros included. */
  async byDay(publicId: string, today: string, span: number): Promise<{ date: string; views: number; visitors: number }[]> {
    const rows = (await this.db.query(
      `SELECT to_char(g.d, 'YYYY-MM-DD') AS date, COALESCE(v.views, 0) AS views, COALESCE(v.visitors, 0) AS visitors
         FROM generate_series(($2::date - ($3::int - 1)), $2::date, interval '1 day') AS g(d)
         LEFT JOIN ${this.table('view_days')} v ON v.public_id = $1 AND v.day = g.d::date
        ORDER BY g.d`,
      [publicId, today, span],
    )) as { date: string; views: number; visitors: number }[];
    return rows.map((r) => ({ date: r.date, views: Number(r.views), visitors: Number(r.visitors) }));
  }

  async topReferrers(publicId: string, limit: number): Promise<{ referrer: string; views: number }[]> {
    const rows = await this.db.getRepository(ViewReferrer).find({ where: { publicId }, order: { views: 'DESC', referrer: 'ASC' }, take: limit });
    return rows.map((r) => ({ referrer: r.referrer, views: r.views }));
  }
}
