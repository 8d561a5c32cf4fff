import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/**
 * The e-mail address last seen for each account. Licenses name users by e-mail (operators issue
 * them to an address, owners add users by address); `account.deleted` only carries the id.
 */
@Injectable()
export class AccountsDirectory {
  /** Addresses already recorded by this copy: most calls need no write (bounded, cleared when full). */
  private readonly recorded = new Map<string, string>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async remember(userId: string, email: string): Promise<void> {
    const lower = email.toLowerCase();
    if (this.recorded.get(userId) === lower) return;
    await this.db.query(
      `INSERT INTO "license"."accounts" (user_id, email) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET email = EXCLUDED.email, seen_at = now()
       WHERE "accounts".email IS DISTINCT FROM EXCLUDED.email`,
      [userId, lower],
    );
    if (this.recorded.size >= 10_000) this.recorded.clear();
    this.recorded.set(userId, lower);
  }

  async emailOf(userId: string): Promise<string | null> {
    const rows = (await this.db.query(`SELECT email FROM "license"."accounts" WHERE user_id = $1`, [userId])) as { email: string }[];
    return rows[0]?.email ?? null;
  }

  async forget(userId: string): Promise<void> {
    this.recorded.delete(userId);
    await this.db.query(`DELETE FROM "license"."accounts" WHERE user_id = $1`, [userId]);
  }
}
