import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The video library's search ignores accents and case ("warmepumpen" finds "Wärmepumpen", "strasse"
 * finds "Straße"): PostgreSQL's `unaccent` dictionary (a trusted extension: the database owner may
 * create it), wrapped in an immutable function so the stored search vector can use it.
 */
export class AccentInsensitiveSearch1764400000000 implements MigrationInterface {
  name = 'AccentInsensitiveSearch1764400000000';

  async up(q: QueryRunner) {
    await q.query('CREATE EXTENSION IF NOT EXISTS unaccent');
    // The extension may live in any schema: the function names it, so it does not depend on the
    // caller's search_path (which an immutable function must not).
    const [{ schema }] = (await q.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'unaccent'`,
    )) as { schema: string }[];
    const ns = `"${schema.replace(/"/g, '""')}"`;
    await q.query(`
      CREATE OR REPLACE FUNCTION media.fold_text(text) RETURNS text
      LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
      AS $$ SELECT lower(${ns}.unaccent('${ns}.unaccent'::regdictionary, $1)) $$`);
    await q.query('DROP INDEX IF EXISTS media.videos_search_idx');
    await q.query('ALTER TABLE media.videos DROP COLUMN search');
    await q.query(`
      ALTER TABLE media.videos ADD COLUMN search tsvector
      GENERATED ALWAYS AS (to_tsvector('simple', media.fold_text(coalesce(title, '') || ' ' || transcript_text))) STORED`);
    await q.query('CREATE INDEX videos_search_idx ON media.videos USING GIN (search)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX IF EXISTS media.videos_search_idx');
    await q.query('ALTER TABLE media.videos DROP COLUMN search');
    await q.query(`
      ALTER TABLE media.videos ADD COLUMN search tsvector
      GENERATED ALWAYS AS (to_tsvector('simple', coalesce(title, '') || ' ' || transcript_text)) STORED`);
    await q.query('CREATE INDEX videos_search_idx ON media.videos USING GIN (search)');
    await q.query('DROP FUNCTION IF EXISTS media.fold_text(text)');
  }
}
