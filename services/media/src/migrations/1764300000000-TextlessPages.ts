import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The pages (or slides) of a document with no text to read (scanned pages, picture-only slides). */
export class TextlessPages1764300000000 implements MigrationInterface {
  name = 'TextlessPages1764300000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE media.documents ADD COLUMN textless_pages integer[] NOT NULL DEFAULT '{}'`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE media.documents DROP COLUMN textless_pages');
  }
}
