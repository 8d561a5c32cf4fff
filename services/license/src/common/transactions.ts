import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** A database transaction in progress: repository calls given the same `tx` commit or roll back together. */
export type Tx = EntityManager;

/** Starts transactions for the services, which hand the `tx` to the repositories they call. */
@Injectable()
export class Transactions {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  run<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(work);
  }
}

/** What a service sees of {@link Transactions} (unit tests run the work at once). */
export type TransactionRunner = Pick<Transactions, 'run'>;
