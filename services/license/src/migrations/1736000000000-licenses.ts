import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Licenses1736000000000 implements MigrationInterface {
  name = 'Licenses1736000000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE "license"."licenses" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "key" char(16) NOT NULL UNIQUE,
        "name" varchar(120) NOT NULL,
        "product" varchar(16) NOT NULL,
        "tier" varchar(16) NOT NULL,
        "plan" varchar(16) NOT NULL,
        "max_devices" int NOT NULL CHECK ("max_devices" >= 0),
        "owner_id" uuid,
        "owner_email" varchar(254) NOT NULL,
        "valid_from" timestamptz NOT NULL DEFAULT now(),
        "valid_until" timestamptz,
        "canceled_at" timestamptz,
        "revoked_at" timestamptz,
        "source" varchar(16) NOT NULL,
        "stripe_session_id" varchar(255) UNIQUE,
        "stripe_subscription_id" varchar(255) UNIQUE,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX "licenses_owner_id_idx" ON "license"."licenses" ("owner_id")`);
    await q.query(`CREATE INDEX "licenses_owner_email_idx" ON "license"."licenses" ("owner_email")`);
    await q.query(`
      CREATE TABLE "license"."license_devices" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "license_id" uuid NOT NULL REFERENCES "license"."licenses"("id") ON DELETE CASCADE,
        "fingerprint" varchar(200) NOT NULL,
        "name" varchar(100) NOT NULL DEFAULT '',
        "os" varchar(100) NOT NULL DEFAULT '',
        "activated_by" uuid,
        "activated_at" timestamptz NOT NULL DEFAULT now(),
        UNIQUE ("license_id", "fingerprint")
      )`);
    await q.query(`
      CREATE TABLE "license"."license_users" (
        "license_id" uuid NOT NULL REFERENCES "license"."licenses"("id") ON DELETE CASCADE,
        "email" varchar(254) NOT NULL,
        "added_at" timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY ("license_id", "email")
      )`);
    await q.query(`CREATE INDEX "license_users_email_idx" ON "license"."license_users" ("email")`);
    await q.query(`
      CREATE TABLE "license"."accounts" (
        "user_id" uuid PRIMARY KEY,
        "email" varchar(254) NOT NULL,
        "seen_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "license"."usage_counters" (
        "subject" varchar(300) NOT NULL,
        "kind" varchar(32) NOT NULL,
        "period" varchar(8) NOT NULL,
        "used" int NOT NULL,
        PRIMARY KEY ("subject", "kind", "period")
      )`);
    await q.query(`
      CREATE TABLE "license"."stripe_events" (
        "id" varchar(255) PRIMARY KEY,
        "type" varchar(100) NOT NULL,
        "received_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE "license"."redeem_codes" (
        "code_hash" char(64) PRIMARY KEY,
        "product" varchar(16) NOT NULL,
        "tier" varchar(16) NOT NULL,
        "imported_at" timestamptz NOT NULL DEFAULT now(),
        "redeemed_at" timestamptz,
        "redeemed_by" uuid,
        "license_id" uuid REFERENCES "license"."licenses"("id") ON DELETE SET NULL
      )`);
    await q.query(`
      CREATE TABLE "license"."signing_keys" (
        "kid" varchar(64) PRIMARY KEY,
        "private_pem" text NOT NULL,
        "public_pem" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of ['signing_keys', 'redeem_codes', 'stripe_events', 'usage_counters', 'accounts', 'license_users', 'license_devices', 'licenses']) {
      await q.query(`DROP TABLE IF EXISTS "license"."${t}"`);
    }
  }
}
