import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { Tx } from '../common/transactions';
import { StripeEvent } from './stripe-event.entity';

@Injectable()
export class StripeEventsRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Records an event; false when it was recorded before (nothing is written then). */
  async record(id: string, type: string, tx?: Tx): Promise<boolean> {
    const result = await (tx ?? this.db.manager)
      .getRepository(StripeEvent)
      .createQueryBuilder()
      .insert()
      .values({ id, type })
      .orIgnore()
      .returning('id')
      .execute();
    return (result.raw as unknown[]).length > 0;
  }
}

/** What the services use of {@link StripeEventsRepository}. */
export type StripeEventStore = Pick<StripeEventsRepository, keyof StripeEventsRepository>;
