import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The SHA-256 of each uploaded file (read while it streams in), so identical files are recognised. */
export class UploadHashes1764200000000 implements MigrationInterface {
  name = 'UploadHashes1764200000000';

  async up(q: QueryRunner) {
    await q.query('ALTER TABLE media.uploads ADD COLUMN sha256 char(64)');
    await q.query('CREATE INDEX uploads_owner_sha256_idx ON media.uploads (owner_id, sha256) WHERE sha256 IS NOT NULL');
  }

  async down(q: QueryRunner) {
    await q.query('DROP INDEX media.uploads_owner_sha256_idx');
    await q.query('ALTER TABLE media.uploads DROP COLUMN sha256');
  }
}
