import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SigningKey } from './signing-key.entity';

@Injectable()
export class SigningKeysRepository {
  constructor(@InjectDataSource() private readonly db: DataSource) {}

  /** Keeps `candidate` under `kid` unless a key is there already; the private key kept (the first one wins). */
  async keep(kid: string, candidate: { privatePem: string; publicPem: string }): Promise<string> {
    const repo = this.db.getRepository(SigningKey);
    await repo
      .createQueryBuilder()
      .insert()
      .values({ kid, ...candidate })
      .orIgnore()
      .execute();
    return (await repo.findOneByOrFail({ kid })).privatePem;
  }
}
