import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Documents1763900000000 implements MigrationInterface {
  name = 'Documents1763900000000';

  async up(q: QueryRunner) {
    await q.query(`
      CREATE TABLE media.documents (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        title text NOT NULL,
        kind text NOT NULL,
        page_count integer NOT NULL,
        char_count integer NOT NULL,
        pages jsonb NOT NULL,
        premium boolean NOT NULL DEFAULT false,
        status text NOT NULL DEFAULT 'queued',
        progress integer NOT NULL DEFAULT 0,
        chunks integer NOT NULL DEFAULT 1,
        chunks_done integer[] NOT NULL DEFAULT '{}',
        job_id text,
        error text,
        summary jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        started_at timestamptz,
        completed_at timestamptz
      )`);
    await q.query('CREATE INDEX documents_owner_idx ON media.documents (owner_id, created_at DESC)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE media.documents');
  }
}
