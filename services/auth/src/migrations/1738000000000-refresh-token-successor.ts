import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A used refresh token keeps the token it was exchanged for (sealed with itself), so that the same
 * token presented again within the grace time gets that same successor instead of a new chain.
 */
export class RefreshTokenSuccessor1738000000000 implements MigrationInterface {
  name = 'RefreshTokenSuccessor1738000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "auth"."refresh_tokens" ADD COLUMN IF NOT EXISTS "successor" text`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "auth"."refresh_tokens" DROP COLUMN IF EXISTS "successor"`);
  }
}
