import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Boards exported to PDF, PowerPoint or ZIP files. */
export class Exports1765040000000 implements MigrationInterface {
  name = 'Exports1765040000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "publish"."exports" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "project_id" uuid NOT NULL REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "requested_by" uuid NOT NULL,
        "format" varchar(8) NOT NULL,
        "options" jsonb NOT NULL DEFAULT '{}',
        "status" varchar(16) NOT NULL DEFAULT 'queued',
        "progress" integer NOT NULL DEFAULT 0,
        "error" varchar(500),
        "pages" integer,
        "storage_key" varchar(200),
        "file_name" varchar(250),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "finished_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "exports_project_idx" ON "publish"."exports" ("project_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "exports_created_idx" ON "publish"."exports" ("created_at")`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "publish"."exports"`);
  }
}
