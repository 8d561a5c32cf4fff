import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Uploads1763700000000 implements MigrationInterface {
  name = 'Uploads1763700000000';

  async up(q: QueryRunner) {
    await q.query(`
      CREATE TABLE media.uploads (
        id uuid PRIMARY KEY,
        owner_id uuid,
        name text NOT NULL,
        size bigint NOT NULL,
        content_type text NOT NULL,
        storage_key text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX uploads_owner_idx ON media.uploads (owner_id)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE media.uploads');
  }
}
