import type { MigrationInterface, QueryRunner } from 'typeorm';

/** People a project is shared with (and open invitations), and the kept versions of its scene. */
export class Collaboration1765000000000 implements MigrationInterface {
  name = 'Collaboration1765000000000';

  async up(q: QueryRunner): Promise<void> {
    // One row per person: `user_id` is null while the invitation waits for an account with `email`.
    await q.query(`
      CREATE TABLE "publish"."project_members" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "project_id" uuid NOT NULL REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "user_id" uuid,
        "email" varchar(254) NOT NULL,
        "role" varchar(16) NOT NULL,
        "invited_by" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "accepted_at" timestamptz
      )`);
    await q.query(`CREATE UNIQUE INDEX "project_members_user_uq" ON "publish"."project_members" ("project_id", "user_id") WHERE "user_id" IS NOT NULL`);
    await q.query(`CREATE UNIQUE INDEX "project_members_invite_uq" ON "publish"."project_members" ("project_id", "email") WHERE "user_id" IS NULL`);
    await q.query(`CREATE INDEX "project_members_by_user_idx" ON "publish"."project_members" ("user_id") WHERE "user_id" IS NOT NULL`);
    await q.query(`CREATE INDEX "project_members_by_email_idx" ON "publish"."project_members" ("email") WHERE "user_id" IS NULL`);
    // `data` is brotli-compressed JSON: a whole scene (`full`) or the change from the version before (`delta`).
    await q.query(`
      CREATE TABLE "publish"."project_versions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "project_id" uuid NOT NULL REFERENCES "publish"."projects"("id") ON DELETE CASCADE,
        "project_version" integer NOT NULL,
        "author_id" uuid,
        "reason" varchar(16) NOT NULL,
        "kind" varchar(8) NOT NULL,
        "data" bytea NOT NULL,
        "changed_elements" integer NOT NULL,
        "elements" integer NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX "project_versions_project_idx" ON "publish"."project_versions" ("project_id", "created_at" DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS "publish"."project_versions"`);
    await q.query(`DROP TABLE IF EXISTS "publish"."project_members"`);
  }
}
