import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Projects (canvases), publications with their statistics, share links and templates. */
export class Canvas1764000000000 implements MigrationInterface {
  name = 'Canvas1764000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "publish"."projects" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "title" varchar(200) NOT NULL,
        "scene" jsonb NOT NULL,
        "version" integer NOT NULL DEFAULT 1,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "projects_owner_idx" ON "publish"."projects" ("owner_id", "updated_at" DESC)`);
    await q.query(`
      CREATE TABLE "publish"."publications" (
        "public_id" varchar(32) PRIMARY KEY,
        "project_id" uuid NOT NULL UNIQUE REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "owner_id" uuid NOT NULL,
        "title" varchar(200) NOT NULL,
        "description" varchar(300) NOT NULL DEFAULT '',
        "scene" jsonb NOT NULL,
        "snapshot_key" varchar(200),
        "published_at" timestamptz NOT NULL DEFAULT now(),
        "unpublished_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "publications_owner_idx" ON "publish"."publications" ("owner_id")`);
    await q.query(`
      CREATE TABLE "publish"."view_days" (
        "public_id" varchar(32) NOT NULL REFERENCES "publish"."publications"("public_id") ON DELETE CASCADE,
        "day" date NOT NULL,
        "views" integer NOT NULL DEFAULT 0,
        "visitors" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("public_id", "day")
      )`);
    // One row per visitor and day: a SHA-256 of a salt that changes daily (and is then deleted),
    // the publication, the address and the browser. Neither the address nor the browser is kept.
    await q.query(`
      CREATE TABLE "publish"."view_visitors" (
        "public_id" varchar(32) NOT NULL REFERENCES "publish"."publications"("public_id") ON DELETE CASCADE,
        "day" date NOT NULL,
        "visitor_hash" char(64) NOT NULL,
        PRIMARY KEY ("public_id", "day", "visitor_hash")
      )`);
    await q.query(`
      CREATE TABLE "publish"."view_referrers" (
        "public_id" varchar(32) NOT NULL REFERENCES "publish"."publications"("public_id") ON DELETE CASCADE,
        "referrer" varchar(255) NOT NULL,
        "views" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("public_id", "referrer")
      )`);
    await q.query(`
      CREATE TABLE "publish"."daily_salts" (
        "day" date PRIMARY KEY,
        "salt" char(64) NOT NULL
      )`);
    await q.query(`
      CREATE TABLE "publish"."shares" (
        "id" varchar(32) PRIMARY KEY,
        "project_id" uuid NOT NULL REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "owner_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "revoked_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "shares_project_idx" ON "publish"."shares" ("project_id")`);
    await q.query(`
      CREATE TABLE "publish"."templates" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "name" varchar(100) NOT NULL,
        "description" varchar(500) NOT NULL DEFAULT '',
        "category" varchar(32) NOT NULL,
        "scene" jsonb NOT NULL,
        "status" varchar(16) NOT NULL DEFAULT 'pending',
        "author_id" uuid,
        "builtin_key" varchar(64) UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "reviewed_at" timestamptz,
        "reviewed_by" uuid
      )`);
    await q.query(`CREATE INDEX "templates_status_idx" ON "publish"."templates" ("status", "category")`);
    await q.query(`CREATE INDEX "templates_author_idx" ON "publish"."templates" ("author_id")`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['templates', 'shares', 'daily_salts', 'view_referrers', 'view_visitors', 'view_days', 'publications', 'projects']) {
      await q.query(`DROP TABLE IF EXISTS "publish"."${t}"`);
    }
  }
}
