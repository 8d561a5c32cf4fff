import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { Account } from './account.entity';

/**
 * The e-mail address last seen for each account. Licenses name users by e-mail (operators issue
 * them to an address, owners add users by address); `account.deleted` only carries the id.
 */
@Injectable()
export class AccountsRepository {
  /** Addresses already recorded by this copy: most calls need no write (bounded, cleared when full). */
  private readonly recorded = new Map<string, string>();

  constructor(@InjectDataSource() private readonly db: DataSource) {}

  async remember(userId: string, email: string): Promise<void> {
    const lower = email.toLowerCase();
    if (this.recorded.get(userId) === lower) return;
    await this.db
      .getRepository(Account)
      .createQueryBuilder()
      .insert()
      .values({ userId, email: lower, seenAt: new Date() })
      .orUpdate(['email'], ['user_id'], { skipUpdateIfNoValuesChanged: true })
      .execute();
    if (this.recorded.size >= 10_000) this.recorded.clear();
    this.recorded.set(userId, lower);
  }

  async emailOf(userId: string): Promise<string | null> {
    return (await this.db.getRepository(Account).findOneBy({ userId }))?.email ?? null;
  }

  async forget(userId: string): Promise<void> {
    this.recorded.delete(userId);
    await this.db.getRepository(Account).delete({ userId });
  }
}

/** What the services use of {@link AccountsRepository}. */
export type AccountStore = Pick<AccountsRepository, keyof AccountsRepository>;
