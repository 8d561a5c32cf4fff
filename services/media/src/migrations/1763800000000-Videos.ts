import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Videos1763800000000 implements MigrationInterface {
  name = 'Videos1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "media"."videos" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid,
        "visitor_key" varchar(64),
        "provider" varchar(16) NOT NULL,
        "provider_id" varchar(32),
        "url" text,
        "upload_id" uuid,
        "media_key" text,
        "media_type" varchar(100),
        "title" text NOT NULL,
        "channel" text,
        "duration" double precision,
        "thumbnail_url" text,
        "language" varchar(20),
        "transcript_source" varchar(20),
        "transcript" jsonb,
        "transcript_text" text NOT NULL DEFAULT '',
        "summary" jsonb,
        "status" varchar(16) NOT NULL DEFAULT 'queued',
        "progress" integer NOT NULL DEFAULT 0,
        "error" text,
        "job_id" varchar(120),
        "favorite" boolean NOT NULL DEFAULT false,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "search" tsvector GENERATED ALWAYS AS (to_tsvector('simple', coalesce("title", '') || ' ' || "transcript_text")) STORED
      )`);
    await q.query(`CREATE INDEX "videos_owner_idx" ON "media"."videos" ("owner_id", "created_at" DESC)`);
    await q.query(`CREATE INDEX "videos_visitor_idx" ON "media"."videos" ("visitor_key") WHERE "owner_id" IS NULL`);
    await q.query(`CREATE INDEX "videos_search_idx" ON "media"."videos" USING GIN ("search")`);
    await q.query(`
      CREATE TABLE "media"."tags" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "owner_id" uuid NOT NULL,
        "name" varchar(50) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE UNIQUE INDEX "tags_owner_name_idx" ON "media"."tags" ("owner_id", lower("name"))`);
    await q.query(`
      CREATE TABLE "media"."video_tags" (
        "video_id" uuid NOT NULL REFERENCES "media"."videos"("id") ON DELETE CASCADE,
        "tag_id" uuid NOT NULL REFERENCES "media"."tags"("id") ON DELETE CASCADE,
        PRIMARY KEY ("video_id", "tag_id")
      )`);
    await q.query(`CREATE INDEX "video_tags_tag_idx" ON "media"."video_tags" ("tag_id")`);
    await q.query(`
      CREATE TABLE "media"."highlights" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "video_id" uuid NOT NULL REFERENCES "media"."videos"("id") ON DELETE CASCADE,
        "owner_id" uuid NOT NULL,
        "start" double precision NOT NULL,
        "title" varchar(200) NOT NULL DEFAULT '',
        "content" text NOT NULL DEFAULT '',
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "highlights_video_idx" ON "media"."highlights" ("video_id", "start")`);
    await q.query(`
      CREATE TABLE "media"."usage_fallback" (
        "subject" varchar(120) NOT NULL,
        "period" varchar(10) NOT NULL,
        "used" integer NOT NULL DEFAULT 0,
        PRIMARY KEY ("subject", "period")
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE "media"."usage_fallback"`);
    await q.query(`DROP TABLE "media"."highlights"`);
    await q.query(`DROP TABLE "media"."video_tags"`);
    await q.query(`DROP TABLE "media"."tags"`);
    await q.query(`DROP TABLE "media"."videos"`);
  }
}
