import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The Invite panel counts the accounts registered with a referral code: `WHERE referred_by = $1`. */
export class ReferredByIndex1737000000000 implements MigrationInterface {
  name = 'ReferredByIndex1737000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`CREATE INDEX IF NOT EXISTS "users_referred_by_idx" ON "auth"."users" ("referred_by") WHERE "referred_by" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP INDEX IF EXISTS "auth"."users_referred_by_idx"`);
  }
}
