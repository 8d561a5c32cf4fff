import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { IsNull, type DataSource } from 'typeorm';
import { SigningKey } from './signing-key.entity';

/** A key pair as JWKs (with `kid`, `alg` and `use`). */
export type NewSigningKey = Pick<SigningKey, 'kid' | 'publicJwk' | 'privateJwk'>;

/** Every query on the access-token signing keys. */
@Injectable()
export class SigningKeysRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * Stores the key `make` creates when no active key exists, under an advisory lock, so that
   * copies starting together agree on one key.
   */
  async ensureActive(make: () => NewSigningKey): Promise<void> {
    await this.ds.transaction(async (em) => {
      await em.query('SELECT pg_advisory_xact_lock(hashtext($1))', ['auth:signing-key']);
      const existing = await em.getRepository(SigningKey).count({ where: { retiredAt: IsNull() } });
      if (existing === 0) await em.getRepository(SigningKey).save(em.getRepository(SigningKey).create(make()));
    });
  }

  /** Every key, newest first (retired ones too: their public halves stay published). */
  all(): Promise<SigningKey[]> {
    return this.ds.getRepository(SigningKey).find({ order: { createdAt: 'DESC' } });
  }
}
