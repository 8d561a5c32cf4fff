import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { UsageKind } from '@visualnotes/contracts';
import type { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions';
import { UsageCounter } from './usage-counter.entity';

/** Usage counters. Counting is one atomic statement, so parallel uses never pass a limit. */
@Injectable()
export class UsageRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /**
   * Counts one use unless `limit` (null: none) is already reached; the new count, or null when
   * nothing was counted. (An upsert whose update has a condition: written as SQL, which the query
   * builder cannot say.)
   */
  async count(subject: string, kind: UsageKind, period: string, limit: number | null): Promise<number | null> {
    const { schema, tableName } = this.db.getMetadata(UsageCounter);
    const table = schema ? `"${schema}"."${tableName}"` : `"${tableName}"`;
    const rows = (await this.db.query(
      `INSERT INTO ${table} AS c (subject, kind, period, used) VALUES ($1, $2, $3, 1)
       ON CONFLICT (subject, kind, period) DO UPDATE SET used = c.used + 1
       ${limit === null ? '' : 'WHERE c.used < $4'} RETURNING used`,
      limit === null ? [subject, kind, period] : [subject, kind, period, limit],
    )) as { used: number }[];
    return rows[0]?.used ?? null;
  }

  /** Takes one use back from a period's count (never below none); the new count. */
  async uncount(subject: string, kind: UsageKind, period: string): Promise<number> {
    const rows = (await this.db
      .getRepository(UsageCounter)
      .createQueryBuilder()
      .update()
      .set({ used: () => 'used - 1' })
      .where('subject = :subject AND kind = :kind AND period = :period AND used > 0', { subject, kind, period })
      .returning('used')
      .execute()) as { raw: { used: number }[] };
    return rows.raw[0]?.used ?? (await this.used(subject, kind, period));
  }

  async used(subject: string, kind: UsageKind, period: string): Promise<number> {
    return (await this.db.getRepository(UsageCounter).findOneBy({ subject, kind, period }))?.used ?? 0;
  }

  async forget(subject: string, tx?: Tx): Promise<void> {
    await (tx ?? this.db.manager).getRepository(UsageCounter).delete({ subject });
  }
}

/** What the services use of {@link UsageRepository}. */
export type UsageStore = Pick<UsageRepository, keyof UsageRepository>;
