import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Accounts1735000000000 implements MigrationInterface {
  name = 'Accounts1735000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "auth"."users" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "email" varchar(254) NOT NULL UNIQUE,
        "name" varchar(100) NOT NULL,
        "password_hash" text,
        "activated_at" timestamptz,
        "scope" jsonb NOT NULL DEFAULT '[]'::jsonb,
        "locale" varchar(8) NOT NULL DEFAULT 'en',
        "google_id" varchar(255) UNIQUE,
        "referral_code" varchar(32) NOT NULL UNIQUE,
        "referred_by" varchar(32),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "auth"."sessions" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_used_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz,
        "ip" varchar(64),
        "user_agent" varchar(300)
      )`);
    await q.query(`CREATE INDEX "sessions_user_idx" ON "auth"."sessions" ("user_id")`);
    await q.query(`
      CREATE TABLE "auth"."refresh_tokens" (
        "token_hash" char(64) PRIMARY KEY,
        "session_id" uuid NOT NULL REFERENCES "auth"."sessions"("id") ON DELETE CASCADE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "used_at" timestamptz
      )`);
    await q.query(`CREATE INDEX "refresh_tokens_session_idx" ON "auth"."refresh_tokens" ("session_id")`);
    await q.query(`
      CREATE TABLE "auth"."devices" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "fingerprint_hash" char(64) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("user_id", "fingerprint_hash")
      )`);
    await q.query(`
      CREATE TABLE "auth"."login_challenges" (
        "id_hash" char(64) PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "fingerprint_hash" char(64) NOT NULL,
        "code_hash" char(64) NOT NULL,
        "attempts" int NOT NULL DEFAULT 0,
        "expires_at" timestamptz NOT NULL,
        "consumed_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "auth"."email_tokens" (
        "token_hash" char(64) PRIMARY KEY,
        "user_id" uuid NOT NULL REFERENCES "auth"."users"("id") ON DELETE CASCADE,
        "purpose" varchar(16) NOT NULL,
        "new_email" varchar(254),
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "email_tokens_user_idx" ON "auth"."email_tokens" ("user_id", "purpose")`);
    await q.query(`
      CREATE TABLE "auth"."signing_keys" (
        "kid" varchar(64) PRIMARY KEY,
        "public_jwk" jsonb NOT NULL,
        "private_jwk" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "retired_at" timestamptz
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['signing_keys', 'email_tokens', 'login_challenges', 'devices', 'refresh_tokens', 'sessions', 'users']) {
      await q.query(`DROP TABLE IF EXISTS "auth"."${t}"`);
    }
  }
}
