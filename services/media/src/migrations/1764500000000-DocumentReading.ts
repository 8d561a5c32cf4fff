import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Documents are read in steps after they are accepted: the file waits in storage (`source_key`)
 * while its steps run, `read_done` is the set of finished steps (a step run twice counts once),
 * and `ocr_pages` the pages whose text came from their image.
 */
export class DocumentReading1764500000000 implements MigrationInterface {
  name = 'DocumentReading1764500000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE media.documents
      ADD COLUMN source_key text,
      ADD COLUMN file_name text,
      ADD COLUMN read_steps integer NOT NULL DEFAULT 0,
      ADD COLUMN read_done integer[] NOT NULL DEFAULT '{}',
      ADD COLUMN ocr_pages integer[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner) {
    await q.query(`ALTER TABLE media.documents
      DROP COLUMN source_key, DROP COLUMN file_name, DROP COLUMN read_steps, DROP COLUMN read_done, DROP COLUMN ocr_pages`);
  }
}
