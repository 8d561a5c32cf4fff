import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Allowances are counted by the license service alone; the interim per-month counter goes. */
export class DropUsageFallback1764000000000 implements MigrationInterface {
  name = 'DropUsageFallback1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "media"."usage_fallback"`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "media"."usage_fallback" (
        "subject" varchar(120) NOT NULL,
        "period" varchar(10) NOT NULL,
        "used" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("subject", "period")
      )`);
  }
}
