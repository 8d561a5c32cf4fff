import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Published boards their owner offers as a PDF download (`allow_download`), and the exports made
 * for their visitors (`public_id`: one per publication, shared by everyone who asks).
 */
export class PublishedDownloads1765060000000 implements MigrationInterface {
  name = 'PublishedDownloads1765060000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "publish"."publications" ADD COLUMN "allow_download" boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE "publish"."exports" ADD COLUMN "public_id" varchar(32)`);
    await q.query(`CREATE INDEX "exports_public_idx" ON "publish"."exports" ("public_id", "created_at" DESC) WHERE "public_id" IS NOT NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "publish"."exports" DROP COLUMN IF EXISTS "public_id"`);
    await q.query(`ALTER TABLE "publish"."publications" DROP COLUMN IF EXISTS "allow_download"`);
  }
}
