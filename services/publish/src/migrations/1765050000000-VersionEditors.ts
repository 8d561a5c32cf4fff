import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Who made each kept version: everyone who changed the scene since the version before it
 * (`editor_ids`), gathered in `project_version_editors` until the next version is kept.
 */
export class VersionEditors1765050000000 implements MigrationInterface {
  name = 'VersionEditors1765050000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE "publish"."project_versions" ADD COLUMN "editor_ids" uuid[] NOT NULL DEFAULT '{}'`);
    // versions kept before: their author is the one editor known
    await q.query(`UPDATE "publish"."project_versions" SET "editor_ids" = ARRAY["author_id"] WHERE "author_id" IS NOT NULL`);
    await q.query(`
      CREATE TABLE "publish"."project_version_editors" (
        "project_id" uuid NOT NULL REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "user_id" uuid NOT NULL,
        "first_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("project_id", "user_id")
      )`);
    await q.query(`CREATE INDEX "project_version_editors_user_idx" ON "publish"."project_version_editors" ("user_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "publish"."project_version_editors"`);
    await q.query(`ALTER TABLE "publish"."project_versions" DROP COLUMN IF EXISTS "editor_ids"`);
  }
}
