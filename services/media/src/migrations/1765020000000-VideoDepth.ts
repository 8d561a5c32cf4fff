import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Videos keep their chapters (YouTube chapters, or those of an uploaded file), the length their
 * summary was written at, and whether the transcript was corrected since (the summary is then
 * offered again).
 */
export class VideoDepth1765020000000 implements MigrationInterface {
  name = 'VideoDepth1765020000000';

  async up(q: QueryRunner) {
    await q.query(`ALTER TABLE media.videos
      ADD COLUMN chapters jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN summary_length varchar(16) NOT NULL DEFAULT 'standard',
      ADD COLUMN summary_outdated boolean NOT NULL DEFAULT false`);
  }

  async down(q: QueryRunner) {
    await q.query('ALTER TABLE media.videos DROP COLUMN chapters, DROP COLUMN summary_length, DROP COLUMN summary_outdated');
  }
}
