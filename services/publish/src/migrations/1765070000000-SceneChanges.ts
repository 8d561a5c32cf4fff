import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Small saves stored as what changed: a merge (a PATCH of changed elements, a live batch) adds a
 * row to `project_changes` instead of rewriting the whole scene. `base_version` is the project
 * version the `scene` column holds; the live scene is it with the changes of later versions
 * merged in, in order (see `withChanges`). A whole save or a compaction writes the scene anew.
 */
export class SceneChanges1765070000000 implements MigrationInterface {
  name = 'SceneChanges1765070000000';

  async up(q: QueryRunner): Promise<void> {
    // null: the scene column is the live scene (no change rows apply)
    await q.query(`ALTER TABLE "publish"."projects" ADD COLUMN "base_version" integer`);
    await q.query(`
      CREATE TABLE "publish"."project_changes" (
        "project_id" uuid NOT NULL REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "version" integer NOT NULL,
        "elements" jsonb NOT NULL,
        "files" jsonb NOT NULL DEFAULT '{}',
        PRIMARY KEY ("project_id", "version")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "publish"."project_changes"`);
    await q.query(`ALTER TABLE "publish"."projects" DROP COLUMN IF EXISTS "base_version"`);
  }
}
