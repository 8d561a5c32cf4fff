import type { MigrationInterface, QueryRunner } from 'typeorm';

export class Batches1764100000000 implements MigrationInterface {
  name = 'Batches1764100000000';

  async up(q: QueryRunner) {
    await q.query(`
      CREATE TABLE media.batches (
        id uuid PRIMARY KEY,
        owner_id uuid NOT NULL,
        scope jsonb,
        title text NOT NULL,
        source varchar(16) NOT NULL,
        language varchar(20),
        status varchar(16) NOT NULL DEFAULT 'running',
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX batches_owner_idx ON media.batches (owner_id, created_at DESC)');
    await q.query(`CREATE INDEX batches_running_idx ON media.batches (owner_id) WHERE status = 'running'`);
    await q.query(`
      CREATE TABLE media.batch_items (
        id uuid PRIMARY KEY,
        batch_id uuid NOT NULL REFERENCES media.batches (id) ON DELETE CASCADE,
        position integer NOT NULL,
        kind varchar(16) NOT NULL,
        ref varchar(100) NOT NULL,
        title text NOT NULL,
        video_id uuid REFERENCES media.videos (id) ON DELETE SET NULL,
        status varchar(16) NOT NULL DEFAULT 'pending',
        error text,
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (batch_id, kind, ref)
      )`);
    await q.query('CREATE INDEX batch_items_batch_idx ON media.batch_items (batch_id, position)');
    await q.query('CREATE INDEX batch_items_video_idx ON media.batch_items (video_id)');
  }

  async down(q: QueryRunner) {
    await q.query('DROP TABLE media.batch_items');
    await q.query('DROP TABLE media.batches');
  }
}
